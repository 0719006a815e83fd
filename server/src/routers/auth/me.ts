import { currentUser } from '../../services/auth.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** Start-up: who is signed in, with their access, subscription and programme state. */
export const meRoute = authedProcedure.query(({ ctx }) => currentUser(ctx.svc));
