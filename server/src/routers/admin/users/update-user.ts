import { ADMIN_USER_MESSAGE, adminUserIdInput, adminUserUpdateInput } from '@evolution/shared';
import { updateUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { userId } from './userId.ts';

/** Changes a user's name, email and user type (PATCH admin/admin/{id}). */
export const updateUserRoute = adminProcedure
  .input(typedInput(adminUserIdInput.and(adminUserUpdateInput)))
  .mutation(async ({ ctx, input }) => ({
    message: ADMIN_USER_MESSAGE.updated,
    data: await updateUser(ctx.svc, ctx.actor, userId(input), input),
  }));
