import { flagIdInput } from '@evolution/shared';
import { closeAsMember } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member closes their own flag (GET user/assistance_flag/{id}/done); again is harmless. */
export const closeFlagRoute = memberProcedure
  .input(flagIdInput)
  .mutation(({ ctx, input }) => closeAsMember(ctx.svc, input));
