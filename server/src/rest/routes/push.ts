import type { FastifyInstance } from 'fastify';
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
import { findOwnSubscription, pushKey, subscribePush, unsubscribePush } from '../../services/push.ts';
import { requireUser, svc } from '../auth.ts';
import { doc } from '../openapi.ts';

const tags = ['Notifications'];

/** Web Push registration of a member's or an admin's devices (issue 20), under /api. */
export async function pushRoutes(app: FastifyInstance) {
  app.get(
    '/push/key',
    {
      schema: doc({
        summary: "The server's VAPID public key: the applicationServerKey a browser subscribes with",
        tags,
        who: 'user',
        response: { 200: pushKeyResponse },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      return { data: pushKey(svc(req, actor)) };
    },
  );

  app.get(
    '/push/subscription',
    {
      schema: doc({
        summary: "One of the caller's devices by its endpoint; unknown, or another account's, is a 404",
        tags,
        who: 'user',
        query: pushEndpointInput,
        response: { 200: pushSubscriptionResponse, 404: M.notFound },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      const data = await findOwnSubscription(svc(req, actor), actor, req.query);
      if (!data) throw notFound(M.notFound);
      return { data };
    },
  );

  app.post(
    '/push/subscription',
    {
      schema: doc({
        summary:
          "Register this device's PushSubscription (its toJSON()) for notifications: 201 when new to the caller, 200 when it was theirs already (keys updated); an endpoint another account registered moves to the caller",
        tags,
        who: 'user',
        body: pushSubscriptionInput,
        response: { 201: pushSubscribedResponse, 200: pushSubscribedResponse },
      }),
    },
    async (req, reply) => {
      const actor = await requireUser(req);
      const { created, data } = await subscribePush(svc(req, actor), actor, req.body);
      return reply.status(created ? 201 : 200).send({ message: M.subscribed, data });
    },
  );

  app.delete(
    '/push/subscription',
    {
      schema: doc({
        summary:
          "Stop notifications on this device: the body names its endpoint; unknown, or another account's, is a 404",
        tags,
        who: 'user',
        body: pushEndpointInput,
        response: { 200: messageSchema, 404: M.notFound },
      }),
    },
    async (req) => {
      const actor = await requireUser(req);
      await unsubscribePush(svc(req, actor), actor, req.body);
      return { message: M.unsubscribed };
    },
  );
}
