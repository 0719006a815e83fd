import { adminMealIdInput, adminMealUpdateInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { mealExists, updateMeal } from '../../../services/adminMeals.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Saves a meal: `id` names it, the rest is the body of PUT admin/meal/{id}. */
export const updateMealRoute = adminProcedure
  .input(adminMealIdInput)
  .use(bindRecord(mealExists))
  .input(adminMealUpdateInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateMeal(ctx.svc, input)));
