import { router } from '../../../trpc/init.ts';
import { closeFlagRoute } from './close-flag.ts';
import { getFlagRoute } from './get-flag.ts';
import { listFlagsRoute } from './list-flags.ts';
import { replyFlagRoute } from './reply-flag.ts';

/** admin.flags: coaches answer and close every member's assistance flags. */
export const adminFlagsRouter = router({
  list: listFlagsRoute,
  get: getFlagRoute,
  reply: replyFlagRoute,
  close: closeFlagRoute,
});
