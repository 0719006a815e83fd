import { adminMealIdInput } from '@evolution/shared';
import { deleteMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Deletes a meal; the Saturni Elixir's phases are refused (409). */
export const deleteMealRoute = adminProcedure
  .input(typedInput(adminMealIdInput))
  .mutation(({ ctx, input }) => deleteMeal(ctx.svc, parseInput(adminMealIdInput, input).id));
