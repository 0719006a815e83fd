import type { FastifyRequest, FastifySchemaCompiler, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ROLE } from '@evolution/shared';
import { notFound } from '../errors.ts';
import { bearerToken } from '../http/bearer.ts';
import { requestLimits } from '../http/rateLimitHeaders.ts';
import { authenticateAs, type ActorReads } from '../services/auth.ts';
import type { ServiceContext, SignedInContext } from '../services/context.ts';
import { rejectNulCharacters } from '../validation.ts';
import { doc, type Who } from './openapi.ts';

interface RouteSpec<B, Q, P, H> {
  summary: string;
  tags: string[];
  /** Who may call: checked before the input, so a stranger gets 401 whatever they sent. */
  who: Who;
  body?: B;
  query?: Q;
  /** Path parameters: one that fails its schema names nothing, a 404 with `notFound` as its message. */
  params?: P;
  /**
   * Request headers the route reads beyond Authorization, as an object of optional strings named in lower case (as
   * Node delivers them, e.g. idempotency-key); a 422 names a header's field with underscores (idempotency_key).
   */
  headers?: H;
  notFound?: string;
  /** A path that fails its schema is a 422 like a body, not a 404: its id chooses what the call does, naming no record. */
  paramsAreInput?: boolean;
  /** A multipart upload's fields, for the documentation only: the handler reads the stream itself. */
  upload?: z.ZodType;
  /** Answers by status (errors beyond the caller's and the input's: 401, 403, 422, a path's 404 are added). */
  response?: Record<number, z.ZodType | string>;
  /** What the token check reads besides the caller (see ActorReads). */
  reads?: ActorReads;
  /** A GET that changes something (the spec's payment links): a read-only personal access token may not call it. */
  writes?: boolean;
  /** A throttled call: spends an attempt after the caller check and before the input is read, so bad forms count too. */
  spends?: (ctx: ServiceContext) => Promise<void>;
  /**
   * Laravel's route model binding: what the path names must exist (the service's 404) before the body is read, so a
   * call about a record that is not there, or not the caller's, is a 404 whatever it sent. Signed-in routes only.
   */
  bind?: (ctx: SignedInContext, params: P extends z.ZodType ? z.output<P> : never) => Promise<unknown>;
}

/** The message of a path that names nothing, by the route's own params schema. */
const notFoundMessages = new WeakMap<object, string | undefined>();
/** The params schemas of routes whose path is input (paramsAreInput): a failure is a 422. */
const inputParams = new WeakSet<object>();

const ROLE_OF: Record<Who, number | null> = { public: null, user: null, member: ROLE.member, admin: ROLE.admin };

/**
 * A REST route's options: its OpenAPI description, its zod schemas (which Fastify validates with and types
 * `req.body`, `req.query` and `req.params` by, through the zod type provider) and the caller check, which runs
 * before the input is read. Admin routes are checked by their parent plugin (routes/admin.ts).
 */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<B, Q, P, H>) {
  // A route's own copy of its params schema, so the 404 message is the route's.
  const params = spec.params?.clone() as P;
  if (params) notFoundMessages.set(params, spec.notFound);
  if (params && spec.paramsAreInput) inputParams.add(params);
  const inputs: { body: B; querystring: Q; params: P; headers: H } = {
    body: spec.body as B,
    querystring: spec.query as Q,
    params,
    headers: spec.headers as H,
  };
  const schema = {
    ...doc(
      { ...spec, body: undefined, query: undefined, params: undefined, headers: undefined },
      {
        // A path that fails its schema is the route's 404, unless the path is input.
        input: Boolean(spec.body || spec.query || spec.headers || (spec.params && spec.paramsAreInput)),
        path: Boolean(spec.bind || (spec.params && !spec.paramsAreInput)),
      },
    ),
    // Only the parts the route has: Fastify warns of a part that is present but undefined.
    ...(Object.fromEntries(Object.entries(inputs).filter(([, part]) => part !== undefined)) as typeof inputs),
  };
  const role = ROLE_OF[spec.who];
  const { spends } = spec;
  const checksCaller = spec.who !== 'public' && spec.who !== 'admin';
  const preValidation: preValidationAsyncHookHandler | undefined =
    checksCaller || spends
      ? async (req) => {
          if (checksCaller) req.actor = await callerAs(req, role, spec.reads, spec.writes);
          if (spends) await spends(restContext(req));
        }
      : undefined;
  const { bind } = spec;
  // With a binding, Fastify keeps a failed input on the request until the binding has looked the record up.
  const binding = bind && {
    attachValidation: true,
    preHandler: async (req: FastifyRequest) => {
      const failed = req.validationError as (Error & { validationContext?: string }) | undefined;
      if (failed?.validationContext === 'params') throw failed;
      await bind(signedInContext(req), req.params as never);
      if (failed) throw failed;
    },
  };
  return { schema, ...(preValidation && { preValidation }), ...binding };
}

/**
 * Validates a REST input with its route's zod schema: a NUL character or a failed parse is our 422 (by the error
 * handler), a path that fails its schema a 404. Routes still described by JSON Schema are not validated here.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema, httpPart }) =>
  (data) => {
    if (!(schema instanceof $ZodType)) return { value: data };
    const zod = schema as z.ZodType;
    try {
      rejectNulCharacters(data);
    } catch (error) {
      return { error: error as Error };
    }
    const result = zod.safeParse(data ?? {});
    if (result.success) return { value: httpPart === 'headers' ? data : result.data };
    if (httpPart === 'params' && !inputParams.has(zod)) return { error: notFound(notFoundMessages.get(zod)) };
    if (httpPart === 'headers') return { error: asInputNames(result.error) };
    return { error: result.error };
  };

/** A header's failure under the name the same value has in a body or a tRPC input (idempotency-key: idempotency_key). */
function asInputNames(error: z.ZodError): z.ZodError {
  for (const issue of error.issues)
    Object.assign(issue, {
      path: issue.path.map((part) => (typeof part === 'string' ? part.replaceAll('-', '_') : part)),
    });
  return error;
}

/** The methods a read-only personal access token may call. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The caller of a REST request, checked for a role (null: any signed-in user): 401 without a valid token, 403 else. */
const callerAs = (req: FastifyRequest, role: number | null, reads?: ActorReads, writes = false) =>
  authenticateAs(
    restContext(req),
    bearerToken(req.headers.authorization),
    role,
    reads,
    writes || !READ_METHODS.has(req.method),
  );

/** For a handler that decides itself whether it needs a caller (a signed media address needs none). */
export const requireUser = (req: FastifyRequest) => callerAs(req, null);
/** The admin area's parent plugin checks every admin route with this. */
export const requireAdmin = (req: FastifyRequest) => callerAs(req, ROLE.admin);
/** Anyone; a bearer token, when one is sent, must be a valid member's (401 / 403 otherwise). */
export const optionalMember = (req: FastifyRequest) =>
  bearerToken(req.headers.authorization) ? callerAs(req, ROLE.member) : Promise.resolve(null);

/** The service context of a REST request, with the caller its route's check found (or none). */
export function restContext(req: FastifyRequest): ServiceContext {
  const { config, tokens } = req.server;
  return { em: req.em, config, tokens, limits: requestLimits(req), ip: req.ip, actor: req.actor };
}

/** The service context of a route that only signed-in callers reach (its `who` is user, member or admin). */
export function signedInContext(req: FastifyRequest): SignedInContext {
  const ctx = restContext(req);
  if (!ctx.actor) throw new Error(`${req.routeOptions.url} reached its handler with no caller`);
  return ctx as SignedInContext;
}
