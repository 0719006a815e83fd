import { router } from '../../../trpc/init.ts';

/** admin.forms: built by issue 9. */
export const adminFormsRouter = router({});
