import { adminMealIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getAdminMeal } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One meal to edit, with both ingredient forms. */
export const getMealRoute = adminProcedure
  .input(adminMealIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getAdminMeal(ctx.svc, input)));
