import { registerSubscriptionInput, subscribeInput } from '@evolution/shared';
import { registerAndSubscribe } from '../../../services/subscriptions.ts';
import { optionalMemberProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Registration with a plan and card in one step; a signed-in member sends only channel_id, plan_id and nonce. */
export const registerAndSubscribeRoute = optionalMemberProcedure
  .input(typedInput(registerSubscriptionInput.or(subscribeInput)))
  .mutation(({ ctx, input }) => registerAndSubscribe(ctx.svc, input));
