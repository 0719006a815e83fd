import { flagIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getFlag } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Any member's flag with its thread (GET admin/assistance_flag/{id}). */
export const getFlagRoute = adminProcedure
  .input(flagIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getFlag(ctx.svc, input)));
