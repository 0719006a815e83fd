import { adminUserListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listUsers } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

export const listUsersRoute = adminProcedure.input(adminUserListInput).query(async ({ ctx, input }) => {
  const { search, categoryId, ...page } = await listUsers(ctx.svc, input);
  return pageAnswer(ctx.origin, page, '/api/admin/admin', { search, categoryId });
});
