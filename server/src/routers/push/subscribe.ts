import { pushSubscriptionInput } from '@evolution/shared';
import { subscribePush } from '../../services/push.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** Registers this device's PushSubscription for the caller (POST push/subscription); the same endpoint again updates it. */
export const subscribeRoute = authedProcedure
  .input(pushSubscriptionInput)
  .mutation(({ ctx, input }) => subscribePush(ctx.svc, input));
