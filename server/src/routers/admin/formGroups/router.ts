import { router } from '../../../trpc/init.ts';

/** admin.formGroups: built by issue 9. */
export const adminFormGroupsRouter = router({});
