import { router } from '../../trpc/init.ts';

/** messages: built by issue 11. */
export const messagesRouter = router({});
