import { chamberTrend } from '../../services/chamberTrend.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Weight, body fat and VO2 of every chamber snapshot, oldest first, for the chamber's trend chart. */
export const chamberTrendRoute = memberProcedure.query(({ ctx }) => chamberTrend(ctx.svc, ctx.actor.user.id));
