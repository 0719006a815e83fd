import { passwordResetInput } from '@evolution/shared';
import { resetPassword, throttleResetTry } from '../../services/passwordReset.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** Sets a new password with the emailed token. */
export const resetPasswordRoute = publicProcedure
  // The try is spent before the form is read (bad forms count too), as on the REST path.
  .use(async ({ ctx, next }) => {
    await throttleResetTry(ctx.svc);
    return next();
  })
  .input(passwordResetInput)
  .mutation(({ ctx, input }) => resetPassword(ctx.svc, input));
