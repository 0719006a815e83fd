import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { $ZodType } from 'zod/v4/core';
import { readFormFields } from './formFields.ts';

/** A route of the REST plugin as the 405 answer and method spoofing look it up: its methods and its path's pattern. */
export interface KnownRoute {
  methods: string[];
  pattern: RegExp;
}

/** The methods a POST may stand for with Laravel's `_method` field. */
const SPOOFABLE: HTTPMethods[] = ['PUT', 'PATCH', 'DELETE'];
/** Headers of a spoofed call that describe the body as it came, or ask for an encoding: the inner call is plain JSON. */
const BODY_HEADERS = ['content-length', 'content-type', 'transfer-encoding', 'accept-encoding'];
/** Headers of the inner answer that the outer reply sets itself. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'vary']);

/** The path of a request, without its query. */
const pathOf = (url: string) => url.split('?')[0] ?? '';

/**
 * Laravel's request conventions for every route of the REST plugin, set up once here rather than route by route:
 * - a validated body may be multipart (PHP field names, as url-encoded forms): its fields are read into `req.body`
 *   after the route's caller check, before validation; its files are left out;
 * - an update route declared with PUT also takes PATCH, and one declared with PATCH also takes PUT (`addAliases`, once
 *   every route is known), unless its path has a route of that method already: the alias is the same route options,
 *   so its caller check, validation and binding are the original's;
 * - a POST whose body (or query) says `_method=PUT|PATCH|DELETE` is that call: it is answered by the route of that
 *   method on the same path, exactly as if the client had sent it.
 */
export function restMethods(app: FastifyInstance, knownRoutes: readonly KnownRoute[]) {
  const updates: { instance: FastifyInstance; route: RouteOptions & { routePath: string } }[] = [];
  let aliasing = false;

  app.addHook('onRoute', function (route) {
    if (aliasing) return;
    if (route.schema?.body instanceof $ZodType)
      route.preValidation = [...([] as unknown[]).concat(route.preValidation ?? []), readMultipartBody] as never;
    const methods = ([] as HTTPMethods[]).concat(route.method);
    if (methods.length === 1 && (methods[0] === 'PUT' || methods[0] === 'PATCH'))
      updates.push({ instance: this, route });
  });

  // The methods a POST route's path also has, by the route (worked out on its first call).
  const spoofableAt = new Map<string, HTTPMethods[]>();
  const targetsOf = (path: string): HTTPMethods[] =>
    SPOOFABLE.filter((m) => knownRoutes.some((r) => r.methods.includes(m) && r.pattern.test(path)));

  app.addHook('preValidation', async (req, reply) => {
    // A POST route that reads its own body (an upload, a phase submission) is never another method's call.
    if (req.method !== 'POST' || !(req.is404 || req.routeOptions.schema?.body instanceof $ZodType)) return;
    const path = pathOf(req.url);
    let targets = req.is404 ? undefined : spoofableAt.get(req.routeOptions.url!);
    if (!targets) {
      targets = targetsOf(path);
      if (!req.is404) spoofableAt.set(req.routeOptions.url!, targets);
    }
    if (!targets.length) return;
    let body = req.body;
    try {
      if (req.isMultipart()) body = await readFormFields(req);
    } catch {
      // A form that cannot be read names no method: the route (after its caller check) or the 405 says what is wrong.
      return;
    }
    const wanted = methodField(body) ?? methodField(req.query);
    const method = targets.find((m) => m === wanted);
    if (!method) return;
    return forward(req, reply, method, body);
  });

  return {
    /** Registers the other method of each update route; call once every route of the plugin is registered. */
    addAliases() {
      aliasing = true;
      try {
        for (const { instance, route } of updates) {
          const other = route.method === 'PUT' || (route.method as string[])[0] === 'PUT' ? 'PATCH' : 'PUT';
          if (instance.hasRoute({ url: route.url, method: other })) continue;
          // Registered on the route's own plugin, so its hooks (the admin area's role check) are the original's too.
          instance.route({ ...route, url: route.routePath, method: other, schema: { ...route.schema, hide: true } });
        }
      } finally {
        aliasing = false;
      }
    },
  };
}

/** A validated body sent as multipart: its fields become the body the route's schema validates. */
async function readMultipartBody(req: FastifyRequest) {
  if (req.isMultipart()) req.body = await readFormFields(req);
}

/** The method a body or query names in `_method`, in capitals; undefined when it names none. */
function methodField(input: unknown): string | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const value = (input as { _method?: unknown })._method;
  return typeof value === 'string' ? value.trim().toUpperCase() : undefined;
}

/**
 * Answers a spoofed POST with the route of `method` on the same path: the call is made again inside the server, with
 * the same headers, caller address and query, and the body as JSON without its `_method`, and its answer is sent as
 * it is. Every check and every validation is the target route's own, as it runs them.
 */
async function forward(req: FastifyRequest, reply: FastifyReply, method: HTTPMethods, body: unknown) {
  const { _method: _, ...fields } = (body ?? {}) as Record<string, unknown>;
  const headers = { ...req.headers };
  for (const name of BODY_HEADERS) delete headers[name];
  const answer = await req.server.inject({
    method,
    url: req.url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(fields),
    remoteAddress: req.raw.socket?.remoteAddress ?? req.ip,
  });
  reply.code(answer.statusCode);
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
  return reply.send(answer.rawPayload);
}
