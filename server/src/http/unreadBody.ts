import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes multipart uploads: a refused one is read through up to the largest upload limit (app.ts), and
     * one has UPLOAD_TIMEOUT_MS to arrive rather than REQUEST_TIMEOUT_MS (http/arrivalDeadline.ts).
     */
    takesUploads?: boolean;
  }
}

/** How long a body being drained may pause before the connection is given up. */
const DRAIN_IDLE_MS = 10_000;
/** How long a body may take to drain in all, however steadily it trickles, before the connection is given up. */
const DRAIN_DEADLINE_MS = 15_000;

/**
 * How much of a refused body any route reads through so its sender hears the answer (a JSON body a few times over its
 * route's 1 MB limit gets its 413 rather than a reset connection); a body declared bigger is cut at once.
 */
const REFUSED_BODY_READ_BYTES = 10 * 1024 * 1024;

/**
 * The most of an unread body worth reading through before an answer: the upload limit on a route that takes uploads
 * (a multipart body), else the route's own body limit or REFUSED_BODY_READ_BYTES, whichever is larger.
 */
export function drainLimit(req: FastifyRequest, uploadLimit: number): number {
  if (isUploadRequest(req)) return uploadLimit;
  return Math.max(req.routeOptions.bodyLimit, REFUSED_BODY_READ_BYTES);
}

/** An upload: a multipart body on a route that takes uploads (a JSON call on the same route is not one). */
export function isUploadRequest(req: FastifyRequest): boolean {
  return !!req.routeOptions.config?.takesUploads && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
}

/** Whether a request declared a body (a length over zero, or chunks) that nothing has read to its end. */
export function hasUnreadBody(raw: IncomingMessage): boolean {
  if (raw.readableEnded || raw.destroyed) return false;
  const length = raw.headers['content-length'];
  return length !== undefined ? Number(length) > 0 : raw.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads what is left of a request's body and throws it away, so an answer sent before the body was read (a refused
 * upload) reaches a client that is still sending: closing a socket with unread bytes resets it, and the client's
 * next write fails (EPIPE) before it reads the answer. True once the body has ended; false when it declares, or
 * turns out to carry, more than `limit` bytes, pauses too long or takes longer than `deadline` ms in all: the caller
 * then closes the connection instead.
 */
export function drainBody(raw: IncomingMessage, limit: number, deadline = DRAIN_DEADLINE_MS): Promise<boolean> {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(false);
  // A multipart parser may still be piped in, waiting on a file nobody reads: it lets go first.
  raw.unpipe();
  const stream: Readable = raw;
  return new Promise((resolve) => {
    let read = 0;
    let idle: NodeJS.Timeout;
    const overall = setTimeout(() => finish(false), deadline);
    const finish = (ended: boolean) => {
      clearTimeout(idle);
      clearTimeout(overall);
      stream.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!ended) stream.pause();
      resolve(ended);
    };
    const wait = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), DRAIN_IDLE_MS);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) finish(false);
      else wait();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(stream.readableEnded);
    stream.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    wait();
    stream.resume();
  });
}
