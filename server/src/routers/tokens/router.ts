import { router } from '../../trpc/init.ts';
import { createRoute } from './create.ts';
import { listRoute } from './list.ts';
import { revokeRoute } from './revoke.ts';

/** tokens: the caller's personal access tokens (GET, POST and DELETE user/tokens), for members and admins alike. */
export const tokensRouter = router({
  list: listRoute,
  create: createRoute,
  revoke: revokeRoute,
});
