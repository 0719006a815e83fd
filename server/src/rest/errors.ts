import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { SERVER_MESSAGE } from '@evolution/shared';
import { asDomainError, DomainError, laravelMessage, type FieldErrors } from '../errors.ts';

/** The body Laravel answers an error with. */
function errorBody(err: DomainError): Record<string, unknown> {
  if (err.code === 'VALIDATION' && err.fieldErrors)
    return { message: laravelMessage(err.fieldErrors), errors: err.fieldErrors };
  return { message: err.message };
}

/** tRPC's name for each status the error handler can answer with. */
const TRPC_KEY: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  499: 'CLIENT_CLOSED_REQUEST',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The body tRPC answers an error with (as trpc/init.ts formats it), for errors raised under /trpc before tRPC reads
 * the call: a body Fastify cannot parse, an upload refused by its length.
 */
function trpcErrorBody(
  req: FastifyRequest,
  status: number,
  message: string,
  fieldErrors: FieldErrors | null = null,
): Record<string, unknown> {
  const key = TRPC_KEY[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const path = req.url.split('?')[0]!.slice('/trpc/'.length);
  return {
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[key],
      data: { code: key, httpStatus: status, path, errors: fieldErrors },
    },
  };
}

/** The one place REST errors become responses: domain errors by the catalogue (a lost database: 503), Fastify's own 4xx kept, the rest a bare 500. */
export function restErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  // Under /trpc a client reads tRPC's error shape, whatever refused the call.
  const trpc = req.url.startsWith('/trpc/');
  // A lost database connection is a domain error too: 503 with Retry-After, not a 500.
  const domain = asDomainError(err);
  if (domain) {
    if (domain !== err) req.log.warn({ err }, 'database unavailable');
    if (domain.headers) reply.headers(domain.headers);
    return reply
      .status(domain.status)
      .send(trpc ? trpcErrorBody(req, domain.status, domain.message, domain.fieldErrors ?? null) : errorBody(domain));
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, body too large, wrong content type: the framework's message is safe and useful.
    const message = status === 429 ? SERVER_MESSAGE.tooManyAttempts : err.message;
    return reply.status(status).send(trpc ? trpcErrorBody(req, status, message) : { message });
  }
  req.log.error({ err }, 'unhandled error');
  return reply
    .status(500)
    .send(trpc ? trpcErrorBody(req, 500, SERVER_MESSAGE.serverError) : { message: SERVER_MESSAGE.serverError });
}
