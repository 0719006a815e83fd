import { listVersions } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The general versions, newest first, with the current one active. */
export const listVersionsRoute = memberProcedure.query(({ ctx }) => listVersions(ctx.svc));
