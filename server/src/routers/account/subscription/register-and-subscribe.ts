import { z } from 'zod';
import { registerSubscriptionForm, registerSubscriptionInput, subscribeInput } from '@evolution/shared';
import { throttleRegistration } from '../../../services/auth.ts';
import { registerAndSubscribe } from '../../../services/subscriptions.ts';
import { optionalMemberProcedure } from '../../../trpc/init.ts';
import { parseInput } from '../../../validation.ts';

/** Registration with a plan and card in one step; a signed-in member sends only channel_id, plan_id and nonce. */
export const registerAndSubscribeRoute = optionalMemberProcedure
  // Which form is read depends on the caller, and a newcomer's registration is spent before it is read (as on REST).
  .use(async ({ ctx, getRawInput, next }) => {
    if (!ctx.actor) await throttleRegistration(ctx.svc);
    return next({ ctx: { form: parseInput(registerSubscriptionForm(ctx.actor !== null), await getRawInput()) } });
  })
  // The client's type only: the form was read above, by the caller's schema.
  .input(z.custom<z.input<typeof registerSubscriptionInput> | z.input<typeof subscribeInput>>())
  .mutation(({ ctx }) => registerAndSubscribe(ctx.svc, ctx.form));
