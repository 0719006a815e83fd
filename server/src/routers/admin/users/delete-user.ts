import { adminUserIdInput } from '@evolution/shared';
import { deleteUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { userId } from './userId.ts';

/** Deletes a user and all their data (DELETE admin/admin/{id}). */
export const deleteUserRoute = adminProcedure
  .input(typedInput(adminUserIdInput))
  .mutation(({ ctx, input }) => deleteUser(ctx.svc, ctx.actor, userId(input)));
