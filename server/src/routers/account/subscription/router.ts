import { router } from '../../../trpc/init.ts';
import { cancelSubscriptionRoute } from './cancel.ts';
import { changePlanRoute } from './change-plan.ts';
import { currentSubscriptionRoute } from './current.ts';
import { paymentConfigRoute } from './payment-config.ts';
import { registerAndSubscribeRoute } from './register-and-subscribe.ts';
import { subscribeRoute } from './subscribe.ts';

/** account.subscription: buy, change and cancel a plan. */
export const subscriptionRouter = router({
  current: currentSubscriptionRoute,
  registerAndSubscribe: registerAndSubscribeRoute,
  subscribe: subscribeRoute,
  changePlan: changePlanRoute,
  cancel: cancelSubscriptionRoute,
  paymentConfig: paymentConfigRoute,
});
