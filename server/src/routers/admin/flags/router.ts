import { router } from '../../../trpc/init.ts';

/** admin.flags: built by issue 11. */
export const adminFlagsRouter = router({});
