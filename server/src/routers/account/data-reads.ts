import { pageInput } from '@evolution/shared';
import { memberDataReads } from '../../services/audit.ts';
import { paginate } from '../../services/pagination.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** Who read the member's own health data and when, newest first, paged like GET user/data_reads. */
export const dataReadsRoute = memberProcedure.input(typedInput(pageInput)).query(async ({ ctx, input }) => {
  const { page } = parseInput(pageInput, input);
  return paginate(await memberDataReads(ctx.svc, ctx.actor.user.id, page), `${ctx.config.appUrl}/api/user/data_reads`);
});
