import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { flagExists, replyAsCoach } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A coach answers an open flag (POST admin/assistance_flag/{id}/reply). */
export const replyFlagRoute = adminProcedure
  .input(flagIdInput)
  // The flag must exist before the message is read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await flagExists(ctx.svc, input);
    return next();
  })
  .input(flagReplyInput)
  .mutation(({ ctx, input }) => replyAsCoach(ctx.svc, input));
