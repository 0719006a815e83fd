import { ADMIN_USER_MESSAGE, adminUserCreateInput } from '@evolution/shared';
import { createUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Creates a member or an admin (POST admin/admin). */
export const createUserRoute = adminProcedure.input(adminUserCreateInput).mutation(async ({ ctx, input }) => ({
  message: ADMIN_USER_MESSAGE.created,
  data: await createUser(ctx.svc, input),
}));
