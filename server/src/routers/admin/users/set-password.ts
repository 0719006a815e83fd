import { adminUserIdInput, adminUserPasswordInput } from '@evolution/shared';
import { passwordSettable, setUserPassword } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Sets a user's password and ends their sessions (PUT admin/admin/{id}). */
export const setPasswordRoute = adminProcedure
  .input(adminUserIdInput)
  // The user must exist, and not be the caller, before the password is read, as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await passwordSettable(ctx.svc, input);
    return next();
  })
  .input(adminUserPasswordInput)
  .mutation(({ ctx, input }) => setUserPassword(ctx.svc, input));
