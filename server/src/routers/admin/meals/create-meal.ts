import { adminMealCreateInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { createMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Adds a meal at the end of its group. */
export const createMealRoute = adminProcedure
  .input(adminMealCreateInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await createMeal(ctx.svc, input)));
