import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { channelRoutes } from './routes/channels.ts';
import { restErrorHandler } from './errors.ts';

/** The Laravel-compatible REST surface under /api: plain Fastify routes over the same services as tRPC. */
export async function restPlugin(app: FastifyInstance) {
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]?.replace(/^\//, '') ?? '';
    reply.status(404).send({ message: `The route ${path} could not be found.` });
  });
  await app.register(authRoutes);
  await app.register(channelRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
}
