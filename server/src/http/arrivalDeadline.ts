import type { FastifyInstance } from 'fastify';
import { hasUnreadBody, isUploadRequest } from './unreadBody.ts';

/** What Node itself writes when a request has not arrived in time, before it closes the connection. */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * A request's body, unless it is an upload (isUploadRequest), must have arrived within `ms` of its headers, or it is
 * answered 408 and its connection closed, as Node does at its own request timeout: a body trickling in holds no socket
 * for long. Node's timeout is the uploads' longer one (UPLOAD_TIMEOUT_MS), since it cannot differ by route: a 200 MB
 * video over a home connection takes minutes, not 30 s. A request without a body (a GET) has arrived with its
 * headers, which Node's headers timeout (also `ms`) covers.
 */
export function cutSlowArrivals(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (!hasUnreadBody(req.raw) || isUploadRequest(req) || req.raw.complete) return done();
    const timer = setTimeout(() => {
      // Arrived since (the route is still working on its answer, which is not limited): nothing to cut.
      if (req.raw.complete) return;
      const socket = req.raw.socket;
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
    }, ms);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
