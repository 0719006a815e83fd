import { adminMealIdInput } from '@evolution/shared';
import { getAdminMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One meal to edit, with both ingredient forms. */
export const getMealRoute = adminProcedure
  .input(typedInput(adminMealIdInput))
  .query(({ ctx, input }) => getAdminMeal(ctx.svc, parseInput(adminMealIdInput, input).id));
