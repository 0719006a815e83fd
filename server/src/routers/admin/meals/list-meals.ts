import { adminMealListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listAdminGroupMeals } from '../../../services/adminMeals.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A meal group's meals in order, paged like GET admin/meal/group/{id}/meals. */
export const listMealsRoute = adminProcedure
  .input(adminMealListInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listAdminGroupMeals(ctx.svc, input), `/api/admin/meal/group/${input.groupId}/meals`),
  );
