import { adminMealListInput } from '@evolution/shared';
import { listAdminGroupMeals } from '../../../services/adminMeals.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** A meal group's meals in order, paged like GET admin/meal/group/{id}/meals. */
export const listMealsRoute = adminProcedure.input(typedInput(adminMealListInput)).query(async ({ ctx, input }) => {
  const { groupId, page } = parseInput(adminMealListInput, input);
  return paginate(
    await listAdminGroupMeals(ctx.svc, groupId, page),
    `${ctx.config.appUrl}/api/admin/meal/group/${groupId}/meals`,
  );
});
