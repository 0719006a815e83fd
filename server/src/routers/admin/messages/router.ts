import { router } from '../../../trpc/init.ts';

/** admin.messages: built by issue 11. */
export const adminMessagesRouter = router({});
