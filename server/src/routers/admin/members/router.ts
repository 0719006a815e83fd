import { router } from '../../../trpc/init.ts';

/** admin.members: built by issue 10. */
export const adminMembersRouter = router({});
