import { PUSH_MESSAGE, pushEndpointInput } from '@evolution/shared';
import { unsubscribePush } from '../../services/push.ts';
import { authedProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** This device stops receiving the caller's notifications (DELETE push/subscription); another account's is a 404. */
export const unsubscribeRoute = authedProcedure
  .input(typedInput(pushEndpointInput))
  .mutation(async ({ ctx, input }) => {
    await unsubscribePush(ctx.svc, ctx.actor, input);
    return { message: PUSH_MESSAGE.unsubscribed };
  });
