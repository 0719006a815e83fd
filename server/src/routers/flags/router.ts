import { router } from '../../trpc/init.ts';
import { closeFlagRoute } from './close-flag.ts';
import { getFlagRoute } from './get-flag.ts';
import { listFlagsRoute } from './list-flags.ts';
import { openFlagRoute } from './open-flag.ts';
import { replyFlagRoute } from './reply-flag.ts';

/** flags: the member's assistance flags (support threads). */
export const flagsRouter = router({
  list: listFlagsRoute,
  get: getFlagRoute,
  open: openFlagRoute,
  reply: replyFlagRoute,
  close: closeFlagRoute,
});
