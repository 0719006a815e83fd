import { adminMealBody } from '@evolution/shared';
import { createMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Adds a meal at the end of its group. */
export const createMealRoute = adminProcedure
  .input(typedInput(adminMealBody))
  .mutation(({ ctx, input }) => createMeal(ctx.svc, input));
