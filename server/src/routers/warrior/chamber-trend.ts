import { dataAnswer } from '../../http/answers.ts';
import { chamberTrend } from '../../services/chamberTrend.ts';
import { assertEvolutionPage } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Weight, body fat and VO2 of every chamber snapshot, oldest first, for the chamber's trend chart. */
export const chamberTrendRoute = memberProcedure.query(async ({ ctx }) => {
  assertEvolutionPage(ctx.svc);
  return dataAnswer(await chamberTrend(ctx.svc));
});
