import { adminUserListInput } from '@evolution/shared';
import { listUsers } from '../../../services/adminUsers.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

export const listUsersRoute = adminProcedure.input(typedInput(adminUserListInput)).query(async ({ ctx, input }) => {
  const { search, categoryId, ...page } = await listUsers(ctx.em, input);
  return paginate(page, `${ctx.config.appUrl}/api/admin/admin`, { search, categoryId });
});
