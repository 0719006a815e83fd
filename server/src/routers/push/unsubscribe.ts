import { PUSH_MESSAGE, pushEndpointInput } from '@evolution/shared';
import { unsubscribePush } from '../../services/push.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** This device stops receiving the caller's notifications (DELETE push/subscription); another account's is a 404. */
export const unsubscribeRoute = authedProcedure.input(pushEndpointInput).mutation(async ({ ctx, input }) => {
  await unsubscribePush(ctx.svc, input);
  return { message: PUSH_MESSAGE.unsubscribed };
});
