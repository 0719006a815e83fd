import { ADMIN_USER_MESSAGE, adminUserAccessInput, adminUserIdInput } from '@evolution/shared';
import { setUserAccess } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { userId } from './userId.ts';

/** Switches a member's features on or off (PATCH admin/admin/{id}/access). */
export const setAccessRoute = adminProcedure
  .input(typedInput(adminUserIdInput.and(adminUserAccessInput)))
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.accessUpdated,
    data: await setUserAccess(ctx.svc, userId(input), input),
  }));
