import { router } from '../../trpc/init.ts';

/** flags: built by issue 11. */
export const flagsRouter = router({});
