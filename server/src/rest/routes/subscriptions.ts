import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePlanInput,
  loginResponseSchema,
  messageSchema,
  registerSubscriptionInput,
  subscribeInput,
  subscriptionViewSchema,
} from '@evolution/shared';
import {
  cancelSubscription,
  changePlan,
  registerAndSubscribe,
  subscribe,
  subscriptionView,
} from '../../services/subscriptions.ts';
import { optionalMember, requireMember, svc } from '../auth.ts';
import { doc } from '../openapi.ts';

const tags = ['Subscriptions'];
const viewAnswer = z.object({ message: z.string(), data: subscriptionViewSchema });
const failures = { 402: messageSchema, 409: messageSchema };

/** Buying, changing and cancelling a plan; the subscription screen. */
export async function subscriptionRoutes(app: FastifyInstance) {
  app.post(
    '/register/subscription',
    {
      schema: doc({
        summary:
          'Register and buy a plan in one transaction (a declined card creates nothing: 402 "Registration was not successful: ..."). Signed-in members send only channel_id, plan_id and nonce.',
        tags,
        who: 'public',
        body: registerSubscriptionInput,
        response: { 201: loginResponseSchema, ...failures, 429: messageSchema },
      }),
    },
    async (req, reply) => {
      const actor = await optionalMember(req);
      return reply.status(201).send(await registerAndSubscribe(svc(req, actor), req.body));
    },
  );
  app.get(
    '/user/subscription',
    {
      schema: doc({
        summary: 'The subscription screen: channel, start date, version and phase, plan, period end, cancellation',
        tags,
        who: 'member',
        response: { 200: z.object({ data: subscriptionViewSchema }) },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { data: await subscriptionView(svc(req, actor), actor) };
    },
  );
  app.post(
    '/user/subscription',
    {
      schema: doc({
        summary:
          'Buy a plan when signed in (first time or after a lapse); a repeated submit for the same plan answers as the first',
        tags,
        who: 'member',
        body: subscribeInput,
        response: { 201: viewAnswer, ...failures },
      }),
    },
    async (req, reply) => {
      const actor = await requireMember(req);
      return reply
        .status(201)
        .send({ message: 'Subscription created', data: await subscribe(svc(req, actor), actor, req.body) });
    },
  );
  app.get(
    '/user/payment/:id/change',
    {
      schema: doc({
        summary:
          'Move the active subscription to plan {id}, prorated; the current plan again resumes a pending cancellation',
        tags,
        who: 'member',
        params: changePlanInput,
        response: { 200: viewAnswer, ...failures },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { message: 'Subscription changed', data: await changePlan(svc(req, actor), actor, req.params) };
    },
  );
  app.get(
    '/user/payment/cancel',
    {
      schema: doc({
        summary: 'Cancel at the end of the paid period; access lasts until current_period_end',
        tags,
        who: 'member',
        response: { 200: viewAnswer, ...failures },
      }),
    },
    async (req) => {
      const actor = await requireMember(req);
      return { message: 'Subscription cancelled', data: await cancelSubscription(svc(req, actor), actor) };
    },
  );
}
