import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGE } from '@evolution/shared';
import { DomainError, laravelMessage } from '../errors.ts';

/** The body Laravel answers an error with. */
export function errorBody(err: DomainError): Record<string, unknown> {
  if (err.code === 'VALIDATION' && err.fieldErrors) return { message: laravelMessage(err.fieldErrors), errors: err.fieldErrors };
  return { message: err.message };
}

/** The one place REST errors become responses: domain errors by the catalogue, Fastify's own 4xx kept, the rest a bare 500. */
export function restErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) {
    if (err.headers) reply.headers(err.headers);
    return reply.status(err.status).send(errorBody(err));
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, body too large, wrong content type: the framework's message is safe and useful.
    const message = status === 429 ? SERVER_MESSAGE.tooManyAttempts : err.message;
    return reply.status(status).send({ message });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ message: SERVER_MESSAGE.serverError });
}
