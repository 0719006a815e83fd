import { passwordCreateInput } from '@evolution/shared';
import { requestPasswordReset } from '../../services/passwordReset.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** Emails a reset link; the same answer whether or not the email has an account. */
export const requestPasswordResetRoute = publicProcedure
  .input(typedInput(passwordCreateInput))
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.svc, input));
