import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { replyAsCoach } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { flagId } from '../../flags/flagId.ts';

/** A coach answers an open flag (POST admin/assistance_flag/{id}/reply). */
export const replyFlagRoute = adminProcedure
  .input(typedInput(flagIdInput.and(flagReplyInput)))
  .mutation(({ ctx, input }) => replyAsCoach(ctx.svc, ctx.actor, flagId(input), input));
