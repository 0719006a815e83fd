import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePlanInput,
  loginResponseSchema,
  messageSchema,
  registerSubscriptionForm,
  registerSubscriptionInput,
  subscribeInput,
  subscriptionViewSchema,
} from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import { throttleRegistration } from '../../services/auth.ts';
import {
  cancelSubscription,
  changePlan,
  registerAndSubscribe,
  subscribe,
  subscriptionView,
} from '../../services/subscriptions.ts';
import { parseInput } from '../../validation.ts';
import { formBody } from '../formFields.ts';
import { doc } from '../openapi.ts';
import { optionalMember, restContext, route, signedInContext } from '../route.ts';

const tags = ['Subscriptions'];
const viewAnswer = z.object({ message: z.string(), data: subscriptionViewSchema });
const failures = { 402: messageSchema, 409: messageSchema };

/** Buying, changing and cancelling a plan; the subscription screen. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register/subscription',
    {
      // Documented as the newcomer's form; which form is read depends on the caller, so the handler reads it.
      schema: doc({
        summary:
          'Register and buy a plan in one transaction (a declined card creates nothing: 402 "Registration was not successful: ..."). Signed-in members send only channel_id, plan_id and nonce.',
        tags,
        who: 'public',
        body: registerSubscriptionInput,
        response: {
          201: loginResponseSchema,
          401: 'A bearer token was sent and is not valid',
          403: 'A bearer token was sent and is not a member',
          ...failures,
          429: messageSchema,
        },
      }),
      // The caller first (a bad token's 401/403), then a newcomer's registration is spent, before the form is read.
      preValidation: async (req) => {
        req.actor = await optionalMember(req);
        if (!req.actor) await throttleRegistration(restContext(req));
      },
    },
    async (req, reply) => {
      const ctx = restContext(req);
      const form = parseInput(registerSubscriptionForm(ctx.actor !== null), await formBody(req));
      return reply.status(201).send(await registerAndSubscribe(ctx, form));
    },
  );
  app.get(
    '/user/subscription',
    route({
      summary: 'The subscription screen: channel, start date, version and phase, plan, period end, cancellation',
      tags,
      who: 'member',
      response: { 200: z.object({ data: subscriptionViewSchema }) },
    }),
    async (req) => dataAnswer(await subscriptionView(signedInContext(req))),
  );
  app.post(
    '/user/subscription',
    route({
      summary:
        'Buy a plan when signed in (first time or after a lapse); a repeated submit for the same plan answers as the first',
      tags,
      who: 'member',
      body: subscribeInput,
      response: { 201: viewAnswer, ...failures },
    }),
    async (req, reply) =>
      reply
        .status(201)
        .send({ message: 'Subscription created', data: await subscribe(signedInContext(req), req.body) }),
  );
  app.get(
    '/user/payment/:id/change',
    route({
      summary:
        'Move the active subscription to plan {id}, prorated; the current plan again resumes a pending cancellation',
      tags,
      who: 'member',
      writes: true,
      params: changePlanInput,
      paramsAreInput: true,
      response: { 200: viewAnswer, ...failures },
    }),
    async (req) => ({ message: 'Subscription changed', data: await changePlan(signedInContext(req), req.params) }),
  );
  app.get(
    '/user/payment/cancel',
    route({
      summary: 'Cancel at the end of the paid period; access lasts until current_period_end',
      tags,
      who: 'member',
      writes: true,
      response: { 200: viewAnswer, ...failures },
    }),
    async (req) => ({ message: 'Subscription cancelled', data: await cancelSubscription(signedInContext(req)) }),
  );
};
