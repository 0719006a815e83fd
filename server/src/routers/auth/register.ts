import { registerInput } from '@evolution/shared';
import { register } from '../../services/auth.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

export const registerRoute = publicProcedure
  .input(typedInput(registerInput))
  .mutation(({ ctx, input }) => register(ctx.svc, input));
