import { pageInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { memberDataReads } from '../../services/audit.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Who read the member's own health data and when, newest first, paged like GET user/data_reads. */
export const dataReadsRoute = memberProcedure
  .input(pageInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await memberDataReads(ctx.svc, input), '/api/user/data_reads'),
  );
