import { loginInput } from '@evolution/shared';
import { login } from '../../services/auth.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

export const loginRoute = publicProcedure
  .input(typedInput(loginInput))
  .mutation(({ ctx, input }) => login(ctx.svc, input));
