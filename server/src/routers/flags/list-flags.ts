import { flagListInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { listOwnFlags } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's own flags, newest first, paged like GET user/assistance_flag. */
export const listFlagsRoute = memberProcedure
  .input(flagListInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listOwnFlags(ctx.svc, input), '/api/user/assistance_flag'),
  );
