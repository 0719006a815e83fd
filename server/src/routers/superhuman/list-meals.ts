import { mealListInput } from '@evolution/shared';
import { listGroupMeals } from '../../services/nutrition.ts';
import { paginate } from '../../services/pagination.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** A meal group's meals, paged like the REST call, each with a thumbnail. */
export const listMealsRoute = memberProcedure.input(typedInput(mealListInput)).query(async ({ ctx, input }) => {
  const { groupId, page } = parseInput(mealListInput, input);
  return paginate(
    await listGroupMeals(ctx.svc, ctx.actor.me, groupId, page),
    `${ctx.config.appUrl}/api/user/meal/group/${groupId}/meals`,
  );
});
