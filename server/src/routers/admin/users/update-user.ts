import { ADMIN_USER_MESSAGE, adminUserIdInput, adminUserUpdateInput } from '@evolution/shared';
import { updateUser, userExists } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Changes a user's name, email and user type (PATCH admin/admin/{id}). */
export const updateUserRoute = adminProcedure
  .input(adminUserIdInput)
  // The user must exist before the body is read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await userExists(ctx.svc, input);
    return next();
  })
  .input(adminUserUpdateInput)
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.updated,
    data: await updateUser(ctx.svc, input),
  }));
