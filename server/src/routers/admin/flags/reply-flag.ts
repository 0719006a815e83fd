import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { flagExists, replyAsCoach } from '../../../services/flags.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** A coach answers an open flag (POST admin/assistance_flag/{id}/reply). */
export const replyFlagRoute = adminProcedure
  .input(flagIdInput)
  .use(bindRecord(flagExists))
  .input(flagReplyInput)
  .mutation(({ ctx, input }) => replyAsCoach(ctx.svc, input));
