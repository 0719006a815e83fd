import { passwordResetInput } from '@evolution/shared';
import { resetPassword } from '../../services/passwordReset.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** Sets a new password with the emailed token. */
export const resetPasswordRoute = publicProcedure
  .input(typedInput(passwordResetInput))
  .mutation(({ ctx, input }) => resetPassword(ctx.svc, input));
