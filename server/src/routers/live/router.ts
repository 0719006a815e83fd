import { router } from '../../trpc/init.ts';

/** live: built by issue 11. */
export const liveRouter = router({});
