import { router } from '../../trpc/init.ts';
import { keyRoute } from './key.ts';
import { subscribeRoute } from './subscribe.ts';
import { subscriptionRoute } from './subscription.ts';
import { unsubscribeRoute } from './unsubscribe.ts';

/** push: this device's Web Push registration, for members and admins alike. */
export const pushRouter = router({
  key: keyRoute,
  subscription: subscriptionRoute,
  subscribe: subscribeRoute,
  unsubscribe: unsubscribeRoute,
});
