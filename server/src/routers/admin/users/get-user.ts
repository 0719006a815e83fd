import { adminUserIdInput } from '@evolution/shared';
import { getUser } from '../../../services/adminUsers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One user with their access map (GET admin/admin/{id}). */
export const getUserRoute = adminProcedure.input(adminUserIdInput).query(({ ctx, input }) => getUser(ctx.svc, input));
