import { logout } from '../../services/auth.ts';
import { authedProcedure } from '../../trpc/init.ts';

export const logoutRoute = authedProcedure.mutation(({ ctx }) => logout(ctx.svc));
