import { ADMIN_USER_MESSAGE, adminUserIdInput, adminUserUpdateInput } from '@evolution/shared';
import { updateUser, userExists } from '../../../services/adminUsers.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Changes a user's name, email and user type (PATCH admin/admin/{id}). */
export const updateUserRoute = adminProcedure
  .input(adminUserIdInput)
  .use(bindRecord(userExists))
  .input(adminUserUpdateInput)
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.updated,
    data: await updateUser(ctx.svc, input),
  }));
