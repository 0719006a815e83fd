import { mealListInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { listGroupMeals } from '../../services/nutrition.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** A meal group's meals, paged like the REST call, each with a thumbnail. */
export const listMealsRoute = memberProcedure
  .input(mealListInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listGroupMeals(ctx.svc, input), `/api/user/meal/group/${input.groupId}/meals`),
  );
