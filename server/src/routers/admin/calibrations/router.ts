import { router } from '../../../trpc/init.ts';

/** admin.calibrations: built by issue 9. */
export const adminCalibrationsRouter = router({});
