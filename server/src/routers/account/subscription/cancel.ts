import { cancelSubscription } from '../../../services/subscriptions.ts';
import { memberProcedure } from '../../../trpc/init.ts';

/** Cancels at the end of the paid period. */
export const cancelSubscriptionRoute = memberProcedure.mutation(({ ctx }) => cancelSubscription(ctx.svc));
