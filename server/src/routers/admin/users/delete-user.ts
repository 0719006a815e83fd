import { adminUserIdInput } from '@evolution/shared';
import { deleteUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Deletes a user and all their data (DELETE admin/admin/{id}). */
export const deleteUserRoute = adminProcedure
  .input(adminUserIdInput)
  .mutation(({ ctx, input }) => deleteUser(ctx.svc, input));
