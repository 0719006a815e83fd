import { adminUserIdInput, adminUserPasswordInput } from '@evolution/shared';
import { passwordSettable, setUserPassword } from '../../../services/adminUsers.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Sets a user's password and ends their sessions (PUT admin/admin/{id}). */
export const setPasswordRoute = adminProcedure
  .input(adminUserIdInput)
  .use(bindRecord(passwordSettable))
  .input(adminUserPasswordInput)
  .mutation(({ ctx, input }) => setUserPassword(ctx.svc, input));
