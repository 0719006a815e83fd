import { ADMIN_USER_MESSAGE, adminUserAccessInput, adminUserIdInput } from '@evolution/shared';
import { setUserAccess, userExists } from '../../../services/adminUsers.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Forces a member's features on or off, or back to their plan (PATCH admin/admin/{id}/access). */
export const setAccessRoute = adminProcedure
  .input(adminUserIdInput)
  .use(bindRecord(userExists))
  .input(adminUserAccessInput)
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.accessUpdated,
    data: await setUserAccess(ctx.svc, input),
  }));
