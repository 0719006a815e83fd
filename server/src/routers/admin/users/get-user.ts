import { adminUserIdInput } from '@evolution/shared';
import { getUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { userId } from './userId.ts';

/** One user with their access map (GET admin/admin/{id}). */
export const getUserRoute = adminProcedure
  .input(typedInput(adminUserIdInput))
  .query(({ ctx, input }) => getUser(ctx.svc, userId(input)));
