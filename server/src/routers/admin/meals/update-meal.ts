import { adminMealBody, adminMealIdInput } from '@evolution/shared';
import { updateMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

const updateInput = adminMealBody.extend(adminMealIdInput.shape);

/** Saves a meal: `id` names it, the rest is the body of PUT admin/meal/{id}. */
export const updateMealRoute = adminProcedure.input(typedInput(updateInput)).mutation(({ ctx, input }) => {
  const { id, ...body } = input as { id: unknown } & Record<string, unknown>;
  return updateMeal(ctx.svc, parseInput(adminMealIdInput, { id }).id, body);
});
