import { router } from '../../../trpc/init.ts';

/** admin.channels: built by issue 9. */
export const adminChannelsRouter = router({});
