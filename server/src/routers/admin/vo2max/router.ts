import { router } from '../../../trpc/init.ts';

/** admin.vo2max: built by issue 9. */
export const adminVo2maxRouter = router({});
