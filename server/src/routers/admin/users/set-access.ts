import { ADMIN_USER_MESSAGE, adminUserAccessInput, adminUserIdInput } from '@evolution/shared';
import { setUserAccess, userExists } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Switches a member's features on or off (PATCH admin/admin/{id}/access). */
export const setAccessRoute = adminProcedure
  .input(adminUserIdInput)
  // The user must exist before the flags are read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await userExists(ctx.svc, input);
    return next();
  })
  .input(adminUserAccessInput)
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.accessUpdated,
    data: await setUserAccess(ctx.svc, input),
  }));
