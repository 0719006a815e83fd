import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { ownFlagExists, replyAsMember } from '../../services/flags.ts';
import { memberProcedure, bindRecord } from '../../trpc/init.ts';

/** The member replies in their own open flag (POST user/assistance_flag/{id}/reply). */
export const replyFlagRoute = memberProcedure
  .input(flagIdInput)
  .use(bindRecord(ownFlagExists))
  .input(flagReplyInput)
  .mutation(({ ctx, input }) => replyAsMember(ctx.svc, input));
