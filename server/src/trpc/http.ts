import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCQueryProcedure, type TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
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

/** The procedure at a dotted path of router R (never when there is none). */
type ProcedureAt<R, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? ProcedureAt<R[Head], Rest>
    : never
  : P extends keyof R
    ? R[P]
    : never;
/** P when it is the path of one of the app's queries, never otherwise. */
type QueryPath<P extends string> = [ProcedureAt<AppRouter, P>] extends [never]
  ? never
  : [ProcedureAt<AppRouter, P>] extends [AnyTRPCQueryProcedure]
    ? P
    : never;
/** The paths given, each checked by the compiler to name a query (a mutation's path could not run on the fast path). */
const queries = <const P extends string[]>(...paths: { [I in keyof P]: QueryPath<P[I]> }): ReadonlySet<string> =>
  new Set(paths);

/**
 * The fast path: the queries that, called alone by GET (`/trpc/auth.me?input=…`, as third parties and the bench's
 * start-up call do), run without tRPC's adapter turning the request into a fetch Request and the answer into a
 * Response, which costs more than the start-up call's own work (`npm run bench`, start-up (tRPC), throughput as a
 * share of the floor's: a median 0.84 over 9 runs with the fast path, 0.45 over 6 without it, each of those under
 * the 0.7 target). Only a short list: the client batches its calls (`?batch=1`, the adapter), so the list is for the few
 * single GETs worth the speed. No abort signal reaches the procedure: a query here must not need one.
 *
 * Only tRPC's public API: `callTRPCProcedure` runs the procedure with its middleware and input parsing as the adapter
 * would; a success is sent as the adapter sends it (`{"result":{"data":…}}`, the router having no data transformer);
 * a failure is handed, as the error the call ended with, to `resolveResponse` (what every adapter calls), which
 * answers it with the router's error shape, status, responseMeta headers and onError exactly as for any other call.
 * server/test/trpc-fast-path.test.ts sends each case through here and through the adapter and compares the answers
 * byte for byte: it fails when they drift (a transformer added, responseMeta adding a header on success...).
 */
const FAST_QUERIES = queries('auth.me');

/**
 * A GET's input if the fast path may answer it, or undefined for the adapter: the path is on the list, the query
 * string holds at most `input` (read as tRPC reads it) and it parses, nothing asks for a stream (`trpc-accept`, an
 * Accept listing application/jsonl) and no content-type sends tRPC to another parser.
 */
export function fastPathInput(req: FastifyRequest): { input: unknown } | undefined {
  const { path } = req.params as { path: string };
  if (req.method !== 'GET' || !FAST_QUERIES.has(path)) return undefined;
  const { headers } = req;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return undefined;
  const contentType = headers['content-type'];
  if (contentType !== undefined && !contentType.startsWith('application/json')) return undefined;
  const queryAt = req.url.indexOf('?');
  if (queryAt === -1) return { input: undefined };
  const params = new URLSearchParams(req.url.slice(queryAt + 1));
  for (const key of params.keys()) if (key !== 'input') return undefined;
  // As tRPC: no input, or an empty one, is undefined; one that does not parse is left to the adapter's 400.
  const raw = params.get('input');
  if (!raw) return { input: undefined };
  try {
    return { input: JSON.parse(raw) };
  } catch {
    return undefined;
  }
}

async function fastQuery(req: FastifyRequest, reply: FastifyReply, path: string, input: unknown) {
  let data: unknown;
  try {
    data = await callTRPCProcedure({
      router: appRouter,
      path,
      getRawInput: async () => input,
      ctx: createContext({ req, res: reply, info: undefined as never }),
      type: 'query',
      signal: undefined,
      batchIndex: 0,
    });
  } catch (cause) {
    // As the adapter (fastifyRequestHandler), with the call's error given instead of running the call again.
    const response = await resolveResponse({
      ...trpcOptions,
      req: incomingMessageToRequest(req.raw, reply.raw, { maxBodySize: null }),
      path,
      error: getTRPCErrorFromUnknown(cause),
      createContext: async ({ info }) => createContext({ req, res: reply, info }),
      onError: (opts) => trpcOptions.onError({ ...opts, req }),
    });
    return reply.send(response);
  }
  // The adapter's headers, as it sets them; a Buffer, as Fastify adds a charset the adapter does not send to a string.
  return reply
    .headers({ vary: 'trpc-accept, accept', 'content-type': 'application/json' })
    .send(Buffer.from(JSON.stringify({ result: { data } })));
}

/** /trpc/{path}: tRPC's Fastify adapter (as its plugin registers it), with the fast path above. */
export async function trpcRoutes(app: FastifyInstance) {
  // As the adapter's plugin: tRPC reads JSON and multipart bodies itself.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  app.all('/trpc/:path', async (req, reply) => {
    const { path } = req.params as { path: string };
    const fast = fastPathInput(req);
    if (fast) return fastQuery(req, reply, path, fast.input);
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    return reply;
  });
}
