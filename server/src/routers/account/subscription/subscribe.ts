import { subscribeInput } from '@evolution/shared';
import { subscribe } from '../../../services/subscriptions.ts';
import { memberProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** A signed-in member buys a plan with a card token. */
export const subscribeRoute = memberProcedure
  .input(typedInput(subscribeInput))
  .mutation(({ ctx, input }) => subscribe(ctx.svc, ctx.actor, input));
