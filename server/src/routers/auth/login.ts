import { loginInput } from '@evolution/shared';
import { login } from '../../services/auth.ts';
import { publicProcedure } from '../../trpc/init.ts';

export const loginRoute = publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx.svc, input));
