import type { FastifyInstance } from 'fastify';
import { restErrorHandler } from './errors.ts';
import { registerOpenApi } from './openapi.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { channelRoutes } from './routes/channels.ts';
import { setupRoutes } from './routes/setup.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { warriorRoutes } from './routes/warrior.ts';

/** The Laravel-compatible REST surface under /api: plain Fastify routes over the same services as tRPC. */
export async function restPlugin(app: FastifyInstance) {
  // Route schemas document the API; the services validate (one parse, one 422 shape) and replies are plain JSON.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]?.replace(/^\//, '') ?? '';
    reply.status(404).send({ message: `The route ${path} could not be found.` });
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
}
