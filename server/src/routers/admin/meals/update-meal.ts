import { adminMealIdInput, adminMealUpdateInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { mealExists, updateMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Saves a meal: `id` names it, the rest is the body of PUT admin/meal/{id}. */
export const updateMealRoute = adminProcedure
  .input(adminMealIdInput)
  // The meal must exist before its body is read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await mealExists(ctx.svc, input);
    return next();
  })
  .input(adminMealUpdateInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateMeal(ctx.svc, input)));
