import { calibrationResults } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The latest calibration's tests and the level each placed the member on. */
export const calibrationResultsRoute = memberProcedure.query(({ ctx }) => calibrationResults(ctx.svc));
