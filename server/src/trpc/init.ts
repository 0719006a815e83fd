import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ROLE, SERVER_MESSAGE } from '@evolution/shared';
import { asDomainError, DomainError, type ErrorCode } from '../errors.ts';
import { authenticateAs, type ActorReads } from '../services/auth.ts';
import type { Actor, ServiceContext, SignedInContext } from '../services/context.ts';
import { rejectNulCharacters } from '../validation.ts';
import type { Context } from './context.ts';

const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  VALIDATION: 'UNPROCESSABLE_CONTENT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** What a procedure may declare: the reads it needs alongside the token check (see ActorReads). */
// A type alias, not an interface: the routers' declarations inline it, so it needs no export.
type ProcedureMeta = {
  actorReads?: ActorReads;
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    // Subscriptions (live.events) over server-sent events: pings keep proxies from closing a quiet stream and let the
    // client notice a dead one; a stream lives at most 30 minutes, so the token is checked again on the reconnect.
    sse: {
      ping: { enabled: true, intervalMs: 25_000 },
      client: { reconnectAfterInactivityMs: 60_000 },
      maxDurationMs: 30 * 60_000,
    },
    errorFormatter({ shape, error }) {
      const domain = error.cause instanceof DomainError ? error.cause : null;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        // Internals never reach a client: a 500 says only that the server failed.
        message: internal ? SERVER_MESSAGE.serverError : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          errors: domain?.fieldErrors ?? null,
        },
      };
    },
  });

/** Domain errors (and a lost database: 503) become tRPC errors with the catalogue's status (the result is inspected, not try/caught). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? null : asDomainError(result.error.cause);
  if (cause) throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  return result;
});

const base = t.procedure.use(domainErrors);

/** The service context of a call, with or without a signed-in actor. */
function serviceContext<A extends Actor | null>(ctx: Context, actor: A): ServiceContext & { actor: A } {
  return { em: ctx.em, config: ctx.config, tokens: ctx.tokens, limits: ctx.limits, ip: ctx.ip, actor };
}

/** After the caller check, before `.input()` parses: a NUL character anywhere in the input is our 422, as on REST. */
const nulFree = t.middleware(async ({ getRawInput, next }) => {
  rejectNulCharacters(await getRawInput());
  return next();
});

const withActor = (role: number | null) =>
  t.middleware(async ({ ctx, meta, type, next }) => {
    const writes = type === 'mutation';
    const actor = await authenticateAs(serviceContext(ctx, null), ctx.bearer, role, meta?.actorReads, writes);
    return next({ ctx: { ...ctx, actor, svc: serviceContext(ctx, actor) } });
  });

export const router = t.router;
/** Anyone may call. */
export const publicProcedure = base
  .use(({ ctx, next }) => next({ ctx: { ...ctx, svc: serviceContext(ctx, null) } }))
  .use(nulFree);
/** Any signed-in user (member or admin). */
export const authedProcedure = base.use(withActor(null)).use(nulFree);
/** Members only (role 1); anonymous callers get 401, admins 403. */
export const memberProcedure = base.use(withActor(ROLE.member)).use(nulFree);
/** Admins only (role 2); anonymous callers get 401, members 403. */
export const adminProcedure = base.use(withActor(ROLE.admin)).use(nulFree);
/** Anyone; a bearer token, when one is sent, must be a member's (registration that also serves signed-in members). */
export const optionalMemberProcedure = base
  .use(async ({ ctx, type, next }) => {
    if (!ctx.bearer) return next({ ctx: { ...ctx, actor: null, svc: serviceContext(ctx, null) } });
    const actor = await authenticateAs(serviceContext(ctx, null), ctx.bearer, ROLE.member, {}, type === 'mutation');
    return next({ ctx: { ...ctx, actor, svc: serviceContext(ctx, actor) } });
  })
  .use(nulFree);

/**
 * Laravel's route binding, as `route({ bind })` does on REST: used between `.input(id)` and `.input(body)`, the record
 * the id names must exist (the service's 404) before the body is read, so a call about nothing is a 404 whatever it sent.
 */
export const bindRecord =
  <I>(exists: (ctx: SignedInContext, input: I) => Promise<unknown>) =>
  async <R>({ ctx, input, next }: { ctx: { svc: SignedInContext }; input: I; next: () => Promise<R> }) => {
    await exists(ctx.svc, input);
    return next();
  };
