import { router } from '../../../trpc/init.ts';

/** admin.pages: built by issue 9. */
export const adminPagesRouter = router({});
