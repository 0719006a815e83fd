import { getFactFinding } from '../../services/setup.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's fact-find, or null before it is sent. */
export const factFindingRoute = memberProcedure.query(({ ctx }) => getFactFinding(ctx.svc));
