import { router } from '../../../trpc/init.ts';

/** admin.media: built by issue 9. */
export const adminMediaRouter = router({});
