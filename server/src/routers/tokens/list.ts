import { listTokens } from '../../services/personalTokens.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** The caller's personal access tokens, newest first, without their secrets (GET user/tokens). */
export const listRoute = authedProcedure.query(({ ctx }) => listTokens(ctx.svc));
