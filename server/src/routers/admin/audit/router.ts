import { router } from '../../../trpc/init.ts';

/** admin.audit: built by issue 10. */
export const adminAuditRouter = router({});
