import fastifyCors from '@fastify/cors';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { rateLimitHeaders } from '../http/rateLimitHeaders.ts';
import { createdLocation } from './created.ts';
import { setFormField } from './formFields.ts';
import { restMethods, type KnownRoute } from './methods.ts';
import { registerOpenApi } from './openapi.ts';
import { zodValidatorCompiler } from './route.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { channelRoutes } from './routes/channels.ts';
import { mediaRoutes } from './routes/media.ts';
import { setupRoutes } from './routes/setup.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { superhumanRoutes } from './routes/superhuman.ts';
import { warriorRoutes } from './routes/warrior.ts';
import { flagsRoutes } from './routes/flags.ts';
import { messagesRoutes } from './routes/messages.ts';
import { pushRoutes } from './routes/push.ts';
import { tokenRoutes } from './routes/tokens.ts';

/** The Laravel-compatible REST surface under /api: plain Fastify routes over the same services as tRPC. */
export async function restPlugin(app: FastifyInstance) {
  // Routes declare zod schemas (route.ts): Fastify validates inputs with them; replies are plain JSON.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Calls a throttle counted say how many attempts are left, as Laravel's ThrottleRequests does.
  app.addHook('onSend', rateLimitHeaders);
  // Laravel reads url-encoded forms too, with PHP's field names (`0[amount]`): so does this API.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of new URLSearchParams(body as string)) setFormField(fields, name, value);
    done(null, fields);
  });

  // Every route's method and path pattern, so a known path called with the wrong method is a 405, as in Laravel.
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method).filter((m) => m !== 'HEAD');
    const pattern = new RegExp(
      `^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}/?$`,
    );
    routes.push({ methods, pattern });
  });
  // PUT and PATCH on every update route, POST with _method, multipart bodies on every call that takes a body.
  const methods = restMethods(app, routes);
  app.addHook('preSerialization', createdLocation);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const path = url.replace(/^\//, '');
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(url)).flatMap((r) => r.methods))];
    if (allowed.length) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          message: `The ${req.method} method is not supported for route ${path}. Supported methods: ${allowed.join(', ')}.`,
        });
    }
    reply.status(404).send({ message: `The route ${path} could not be found.` });
  });
  // Third parties may call the API from their own web pages: it is authorised by bearer tokens, never by cookies,
  // so any origin may ask (the SPA itself is same-origin and needs none of this).
  await app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Requested-With'],
    exposedHeaders: [
      'Location',
      'Content-Disposition',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Idempotent-Replayed',
    ],
    maxAge: 600,
  });
  await registerOpenApi(app);
  await app.register(authRoutes);
  await app.register(channelRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(subscriptionRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(setupRoutes);
  await app.register(accountRoutes);
  await app.register(warriorRoutes);
  await app.register(superhumanRoutes);
  await app.register(flagsRoutes);
  await app.register(messagesRoutes);
  await app.register(pushRoutes);
  await app.register(tokenRoutes);
  await app.register(mediaRoutes);
  methods.addAliases();
}
