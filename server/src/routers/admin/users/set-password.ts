import { adminUserIdInput, adminUserPasswordInput } from '@evolution/shared';
import { setUserPassword } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { userId } from './userId.ts';

/** Sets a user's password and ends their sessions (PUT admin/admin/{id}). */
export const setPasswordRoute = adminProcedure
  .input(typedInput(adminUserIdInput.and(adminUserPasswordInput)))
  .mutation(({ ctx, input }) => setUserPassword(ctx.svc, ctx.actor, userId(input), input));
