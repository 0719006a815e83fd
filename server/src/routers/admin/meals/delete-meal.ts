import { adminMealIdInput } from '@evolution/shared';
import { deleteMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Deletes a meal; the Saturni Elixir's phases are refused (409). */
export const deleteMealRoute = adminProcedure
  .input(adminMealIdInput)
  .mutation(({ ctx, input }) => deleteMeal(ctx.svc, input));
