import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  type TRPCError,
} from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_MAX_BATCH } from '@evolution/shared';
import { DomainError } from '../errors.ts';
import { createContext } from './context.ts';
import { appRouter, type AppRouter } from './router.ts';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/** A failed call's extra headers: a throttled sign-in's Retry-After and X-RateLimit-*. */
const errorHeaders = (errors: TRPCError[]) =>
  errors.map((e) => (e.cause instanceof DomainError ? e.cause.headers : undefined)).find(Boolean);

const trpcOptions = {
  router: appRouter,
  createContext,
  // The client batches at most TRPC_MAX_BATCH calls a request; a longer batch is refused (400).
  maxBatchSize: TRPC_MAX_BATCH,
  responseMeta({ errors }) {
    const headers = errorHeaders(errors);
    return headers ? { headers } : {};
  },
  onError({ error, req }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'tRPC call failed');
  },
} satisfies TrpcOptions;

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;

/**
 * One query called alone by GET (`/trpc/auth.me?input=…`, as third parties and the bench call it) runs the procedure
 * directly: the same middleware, input parsing, error shape, status and headers as tRPC's fetch adapter, without
 * turning the request into a fetch Request and the answer into a Response (measured: that round trip cost more
 * than the whole start-up call's own work). Anything else goes through the adapter.
 */
async function singleQuery(req: FastifyRequest, reply: FastifyReply, path: string, input: unknown) {
  const config = appRouter._def._config;
  const ctx = createContext({ req, res: reply, info: undefined as never });
  let body: unknown;
  let status = 200;
  try {
    body = {
      result: {
        data: await callTRPCProcedure({
          router: appRouter,
          path,
          getRawInput: async () => input,
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex: 0,
        }),
      },
    };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    trpcOptions.onError({ error, req } as Parameters<typeof trpcOptions.onError>[0]);
    body = { error: getTRPCErrorShape({ config, ctx, error, input, path, type: 'query' }) };
    status = getHTTPStatusCodeFromError(error);
    const headers = errorHeaders([error]);
    if (headers) reply.headers(headers);
  }
  return reply
    .status(status)
    .header('vary', 'trpc-accept, accept')
    .type('application/json')
    .send(JSON.stringify(transformTRPCResponse(config, body as never)));
}

const unparsable = Symbol('unparsable');

/** The `input` query parameter as JSON; one that does not parse is left to the adapter, which answers its 400. */
function parsedInput(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return unparsable;
  }
}

/** /trpc/{path}: tRPC's Fastify adapter (as its plugin registers it), with the single-query GET path above. */
export async function trpcRoutes(app: FastifyInstance) {
  // As the adapter's plugin: tRPC reads JSON and multipart bodies itself.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  app.all('/trpc/:path', async (req, reply) => {
    const { path } = req.params as { path: string };
    const query = req.query as Record<string, string | undefined>;
    const single =
      req.method === 'GET' &&
      !path.includes(',') &&
      query.batch === undefined &&
      procedures[path]?._def.type === 'query' &&
      req.headers['trpc-accept'] === undefined &&
      Object.keys(query).every((k) => k === 'input');
    const input = single ? parsedInput(query.input) : unparsable;
    if (input !== unparsable) return singleQuery(req, reply, path, input);
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    return reply;
  });
}
