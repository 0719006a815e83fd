import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUSH_MESSAGE as M,
  messageSchema,
  pushEndpointInput,
  pushKeyResponse,
  pushSubscribedResponse,
  pushSubscriptionInput,
  pushSubscriptionResponse,
} from '@evolution/shared';
import { notFound } from '../../errors.ts';
import { dataAnswer } from '../../http/answers.ts';
import { findOwnSubscription, pushKey, subscribePush, unsubscribePush } from '../../services/push.ts';
import { route, signedInContext } from '../route.ts';

const tags = ['Notifications'];

/** Web Push registration of a member's or an admin's devices, under /api. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    route({
      summary: "The server's VAPID public key: the applicationServerKey a browser subscribes with",
      tags,
      who: 'user',
      response: { 200: pushKeyResponse },
    }),
    async (req) => dataAnswer(pushKey(signedInContext(req))),
  );

  app.get(
    '/push/subscription',
    route({
      summary: "One of the caller's devices by its endpoint; unknown, or another account's, is a 404",
      tags,
      who: 'user',
      query: pushEndpointInput,
      response: { 200: pushSubscriptionResponse, 404: M.notFound },
    }),
    async (req) => {
      const data = await findOwnSubscription(signedInContext(req), req.query);
      if (!data) throw notFound(M.notFound);
      return dataAnswer(data);
    },
  );

  app.post(
    '/push/subscription',
    route({
      summary:
        "Register this device's PushSubscription (its toJSON()) for notifications: 201 when new to the caller, 200 when it was theirs already (keys updated); an endpoint another account registered moves to the caller",
      tags,
      who: 'user',
      body: pushSubscriptionInput,
      response: { 201: pushSubscribedResponse, 200: pushSubscribedResponse },
    }),
    async (req, reply) => {
      const { created, data } = await subscribePush(signedInContext(req), req.body);
      return reply.status(created ? 201 : 200).send({ message: M.subscribed, data });
    },
  );

  app.delete(
    '/push/subscription',
    route({
      summary:
        "Stop notifications on this device: the body names its endpoint; unknown, or another account's, is a 404",
      tags,
      who: 'user',
      body: pushEndpointInput,
      response: { 200: messageSchema, 404: M.notFound },
    }),
    async (req) => {
      await unsubscribePush(signedInContext(req), req.body);
      return { message: M.unsubscribed };
    },
  );
};
