import { passwordCreateInput } from '@evolution/shared';
import { requestPasswordReset, throttleResetRequest } from '../../services/passwordReset.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** Emails a reset link; the same answer whether or not the email has an account. */
export const requestPasswordResetRoute = publicProcedure
  // The request is spent before the form is read (bad forms count too), as on the REST path.
  .use(async ({ ctx, next }) => {
    await throttleResetRequest(ctx.svc);
    return next();
  })
  .input(passwordCreateInput)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.svc, input));
