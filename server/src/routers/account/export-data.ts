import { exportData } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** All the member's data as JSON. */
export const exportDataRoute = memberProcedure.query(({ ctx }) => exportData(ctx.svc));
