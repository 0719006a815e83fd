import { flagIdInput } from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import { getOwnFlag } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** One of the member's own flags with its thread (GET user/assistance_flag/{id}); anyone else's is a 404. */
export const getFlagRoute = memberProcedure
  .input(flagIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getOwnFlag(ctx.svc, input)));
