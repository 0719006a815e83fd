import { router } from '../../trpc/init.ts';
import { liveEventsRoute } from './events.ts';

/** live: what open screens learn without a reload (tRPC subscription over server-sent events). */
export const liveRouter = router({
  events: liveEventsRoute,
});
