import { flagIdInput } from '@evolution/shared';
import { closeAsMember } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { flagId } from './flagId.ts';

/** The member closes their own flag (GET user/assistance_flag/{id}/done); again is harmless. */
export const closeFlagRoute = memberProcedure
  .input(typedInput(flagIdInput))
  .mutation(({ ctx, input }) => closeAsMember(ctx.svc, ctx.actor.user, flagId(input)));
