import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control: no-store` on an API answer that may carry someone's data: any answer to a signed-in call (a bearer
 * token) and any answer to a write (a sign-in answers a token and the member's start-up), unless the route chose its
 * own caching (signed media). An anonymous read is public content (channels, plans) and keeps the default.
 */
export async function noStoreUnlessPublic(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const anonymousRead = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;
  const ownCaching =
    reply.hasHeader('cache-control') || (payload instanceof Response && payload.headers.has('cache-control'));
  if (!anonymousRead && !ownCaching) reply.header('cache-control', 'no-store');
  return payload;
}
