import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messageSchema } from '@evolution/shared';
import { handleStripeWebhook } from '../../services/webhooks.ts';
import { doc } from '../openapi.ts';
import { restContext } from '../route.ts';

/** POST /api/stripe/webhook. Its own scope: only here is the body kept raw, as the signature covers the exact bytes. */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/stripe/webhook',
    {
      schema: doc({
        summary:
          'Stripe events (customer.subscription.*, invoice.*), verified by the Stripe-Signature header; each event id is applied once',
        tags: ['Subscriptions'],
        who: 'public',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: messageSchema },
      }),
    },
    (req) => {
      const signature = req.headers['stripe-signature'];
      return handleStripeWebhook(
        restContext(req),
        (req.body as Buffer | undefined) ?? '',
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
