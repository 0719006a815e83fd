import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { replyAsMember } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { flagId } from './flagId.ts';

/** The member replies in their own open flag (POST user/assistance_flag/{id}/reply). */
export const replyFlagRoute = memberProcedure
  .input(typedInput(flagIdInput.and(flagReplyInput)))
  .mutation(({ ctx, input }) => replyAsMember(ctx.svc, ctx.actor.user, flagId(input), input));
