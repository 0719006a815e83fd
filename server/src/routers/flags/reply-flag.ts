import { flagIdInput, flagReplyInput } from '@evolution/shared';
import { ownFlagExists, replyAsMember } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member replies in their own open flag (POST user/assistance_flag/{id}/reply). */
export const replyFlagRoute = memberProcedure
  .input(flagIdInput)
  // The flag must exist before the message is read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await ownFlagExists(ctx.svc, input);
    return next();
  })
  .input(flagReplyInput)
  .mutation(({ ctx, input }) => replyAsMember(ctx.svc, input));
