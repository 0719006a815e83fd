import { getApplicationDetails } from '../../services/setup.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's PAR-Q, or null before it is sent. */
export const applicationDetailsRoute = memberProcedure.query(({ ctx }) => getApplicationDetails(ctx.svc));
