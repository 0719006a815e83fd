import { subscribeInput } from '@evolution/shared';
import { subscribe } from '../../../services/subscriptions.ts';
import { memberProcedure } from '../../../trpc/init.ts';

/** A signed-in member buys a plan with a card token. */
export const subscribeRoute = memberProcedure
  .input(subscribeInput)
  .mutation(({ ctx, input }) => subscribe(ctx.svc, input));
