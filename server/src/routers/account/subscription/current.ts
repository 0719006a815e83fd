import { subscriptionView } from '../../../services/subscriptions.ts';
import { memberProcedure } from '../../../trpc/init.ts';

/** The subscription screen's data. */
export const currentSubscriptionRoute = memberProcedure.query(({ ctx }) => subscriptionView(ctx.svc));
