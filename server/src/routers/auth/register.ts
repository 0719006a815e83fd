import { registerInput } from '@evolution/shared';
import { register, throttleRegistration } from '../../services/auth.ts';
import { publicProcedure } from '../../trpc/init.ts';

export const registerRoute = publicProcedure
  // The attempt is spent before the form is read (bad forms count too), as on the REST path.
  .use(async ({ ctx, next }) => {
    await throttleRegistration(ctx.svc);
    return next();
  })
  .input(registerInput)
  .mutation(({ ctx, input }) => register(ctx.svc, input));
