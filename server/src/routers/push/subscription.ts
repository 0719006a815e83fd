import { pushEndpointInput } from '@evolution/shared';
import { findOwnSubscription } from '../../services/push.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** This device's registration when it is the caller's, else null (GET push/subscription?endpoint answers 404). */
export const subscriptionRoute = authedProcedure
  .input(pushEndpointInput)
  .query(({ ctx, input }) => findOwnSubscription(ctx.svc, input));
