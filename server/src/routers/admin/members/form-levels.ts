import { adminMemberPageInput } from '@evolution/shared';
import { adminFormLevels } from '../../../services/adminMembers.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's current form on each ladder, paged like GET admin/user/{id}/evolution/form. */
export const formLevelsRoute = adminProcedure.input(typedInput(adminMemberPageInput)).query(async ({ ctx, input }) => {
  const { memberId, ...page } = await adminFormLevels(ctx.svc, input);
  return paginate(page, `${ctx.config.appUrl}/api/admin/user/${memberId}/evolution/form`);
});
