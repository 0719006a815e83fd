import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ROLE, SERVER_MESSAGE, loginInput, registerInput, type LoginResponse } from '@evolution/shared';
import { Evolution, RevokedToken, User, type IUser } from '../entities/index.ts';
import { DomainError, validationError } from '../errors.ts';
import { sql, type InferResult, type Kysely } from 'kysely';
import { prepared, type Database } from '../db/kysely.ts';
import type { Actor, ServiceContext, SignedInContext, UserFacts } from './context.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { hit } from './rateLimit.ts';
import { loginResponse, type EvolutionFacts, type Membership, type SubscriptionFacts } from './session.ts';
import { newTokenId } from './tokens.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Issues an access token for a user and answers with the full login response. */
export async function signedIn(ctx: ServiceContext, user: IUser, remember: boolean): Promise<LoginResponse> {
  const ttl = remember ? ctx.config.rememberTokenTtl : ctx.config.tokenTtl;
  const access_token = ctx.tokens.sign({ sub: String(user.id), tv: user.tokenVersion, jti: newTokenId() }, ttl);
  return { access_token, ...(await loginResponse(ctx.em, user)) };
}

/** A new member (role 1, setup step 1) with their programme state, in the caller's transaction; a taken email is 422. */
export async function createMember(
  em: EntityManager,
  account: { email: string; name: string; password: string },
): Promise<IUser> {
  if (await em.count(User, { email: account.email })) throw validationError('email', SERVER_MESSAGE.emailTaken);
  const user = em.create(User, {
    email: account.email,
    name: account.name.trim(),
    password: account.password,
    role: ROLE.member,
    initialSetup: 1,
    initialSetupStep: 1,
  });
  em.create(Evolution, { user });
  return user;
}

/** Runs a registration; two racing for one email are decided by the unique index, and the loser gets the same 422. */
export async function registering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException) throw validationError('email', SERVER_MESSAGE.emailTaken);
    throw e;
  }
}

/** Spends one of the address's registrations; the doors call it before the form is read, so bad forms count too. */
export function throttleRegistration(ctx: ServiceContext): Promise<void> {
  return hit(ctx.limits.register, ctx.ip);
}

/** Registers a member (role 1, setup step 1) and signs them in; the door has spent the attempt (throttleRegistration). */
export async function register(ctx: ServiceContext, input: z.output<typeof registerInput>): Promise<LoginResponse> {
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  return registering(async () => {
    const user = await ctx.em.transactional((em) => createMember(em, { email, name: input.name, password }));
    return signedIn(ctx, user, false);
  });
}

/** Signs a user in; a wrong email and a wrong password get the same answer. Failed attempts are throttled. */
export async function login(ctx: ServiceContext, input: z.output<typeof loginInput>): Promise<LoginResponse> {
  const email = normaliseEmail(input.email);
  const key = `${email}|${ctx.ip}`;
  // The attempt is spent before the password is checked, so guesses sent side by side cannot slip past the limit.
  await hit(ctx.limits.login, key);
  const user = await ctx.em.findOne(User, { email }, { populate: ['password'] });
  const ok = await verifyPassword(user?.password ?? (await decoyPasswordHash(ctx.config)), input.password);
  if (!user || !ok) throw validationError('email', SERVER_MESSAGE.invalidCredentials);
  await ctx.limits.login.delete(key);
  return signedIn(ctx, user, input.remember);
}

/** Ends the token the caller used; later calls with it get 401. */
export async function logout(ctx: SignedInContext): Promise<{ message: string }> {
  const { actor } = ctx;
  await ctx.em.upsert(
    RevokedToken,
    { jti: actor.jti, user: actor.user.id, expiresAt: new Date(actor.exp * 1000) },
    { onConflictAction: 'ignore' },
  );
  return { message: 'Successfully logged out' };
}

/** Start-up: the login response for the signed-in user, without a new token. */
export function currentUser(ctx: SignedInContext): Promise<LoginResponse> {
  const { actor } = ctx;
  // A member without a programme row yet gets one made by the full path (which needs the entity).
  if (actor.me.role === ROLE.member && !actor.membership.evolution) return loginResponse(ctx.em, actor.user);
  return loginResponse(ctx.em, actor.me, actor.membership);
}

/**
 * The caller behind a bearer token for a surface's role check: no token → 401, a token that does not resolve → 401
 * (see {@link authenticate}), another role than `role` (null: any) → 403.
 */
export async function authenticateAs(
  ctx: Omit<ServiceContext, 'actor'>,
  token: string | null,
  role: number | null,
  reads: ActorReads = {},
): Promise<Actor> {
  if (!token) throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  const actor = await authenticate(ctx, token, reads);
  if (role !== null && actor.me.role !== role) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  return actor;
}

/** The user's own columns the token check reads: the caller's facts, and the entity when a service needs it. */
const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'initial_setup',
  'initial_setup_step',
  'access',
  'token_version',
  'created_at',
  'updated_at',
] as const;

/**
 * The user behind a token with everything a read needs alongside, in one round trip: whether the token is revoked,
 * the subscription with its channel, the programme position and, when asked, the member's form on each ladder.
 */
function actorQuery(kysely: Kysely<Database>, jti: string, id: number, withForms: boolean) {
  return kysely
    .selectFrom('users as u')
    .leftJoin('subscriptions as s', 's.user_id', 'u.id')
    .leftJoin('channels as c', 'c.id', 's.channel_id')
    .leftJoin('evolutions as e', 'e.user_id', 'u.id')
    .select((eb) => [
      ...USER_COLUMNS.map((column) => `u.${column}` as const),
      eb.exists(eb.selectFrom('revoked_tokens as r').select('r.jti').where('r.jti', '=', jti)).as('revoked'),
      's.status as s_status',
      's.current_period_end as s_current_period_end',
      's.cancel_at_period_end as s_cancel_at_period_end',
      's.plan_id as s_plan_id',
      'c.id as s_channel_id',
      'c.name as s_channel_name',
      'c.short_name as s_channel_short_name',
      'e.id as e_id',
      'e.evolution as e_evolution',
      'e.version as e_version',
      'e.phase as e_phase',
      'e.need_calibration as e_need_calibration',
      'e.number_of_sets as e_number_of_sets',
      'e.pending_number_of_sets as e_pending_number_of_sets',
    ])
    .$if(withForms, (qb) =>
      qb.select((eb) =>
        eb
          .selectFrom('member_forms as f')
          .select((inner) =>
            inner.fn
              .coalesce(
                inner.fn.agg<Record<string, number>>('json_object_agg', ['f.form_group_id', 'f.form_id']),
                sql.lit('{}'),
              )
              .as('forms'),
          )
          .whereRef('f.user_id', '=', 'u.id')
          .as('forms'),
      ),
    )
    .where('u.id', '=', id);
}

/** What a call reads alongside the token check, beyond the user, subscription and programme position. */
export interface ActorReads {
  /** The member's current form on each ladder. */
  forms?: boolean;
}

const readActor = prepared((kysely, jti: string, id: number) => actorQuery(kysely, jti, id, false));
const readActorWithForms = prepared((kysely, jti: string, id: number) => actorQuery(kysely, jti, id, true));
type ActorRow = InferResult<ReturnType<typeof actorQuery>>[number];

function membershipOf(row: ActorRow): Membership {
  // The left joins' columns are all null or all present: a subscription always has its channel.
  const subscription: SubscriptionFacts | null =
    row.s_status == null
      ? null
      : {
          status: row.s_status,
          currentPeriodEnd: new Date(row.s_current_period_end!),
          cancelAtPeriodEnd: row.s_cancel_at_period_end!,
          channel: { id: row.s_channel_id!, name: row.s_channel_name!, shortName: row.s_channel_short_name! },
          plan: { id: row.s_plan_id! },
        };
  const evolution: EvolutionFacts | null =
    row.e_id == null
      ? null
      : {
          id: row.e_id,
          evolution: row.e_evolution!,
          version: row.e_version!,
          phase: row.e_phase!,
          needCalibration: row.e_need_calibration!,
          numberOfSets: row.e_number_of_sets!,
          pendingNumberOfSets: row.e_pending_number_of_sets ?? null,
        };
  const forms =
    'forms' in row && row.forms
      ? new Map(Object.entries(row.forms).map(([group, form]) => [Number(group), form]))
      : undefined;
  return { subscription, evolution, ...(forms ? { forms } : {}) };
}

/** Resolves a bearer token to an actor, or throws 401: bad signature, expired, revoked, or issued before a password change. */
export async function authenticate(
  ctx: Omit<ServiceContext, 'actor'>,
  token: string,
  reads: ActorReads = {},
): Promise<Actor> {
  const unauthenticated = () => new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  let claims;
  try {
    claims = ctx.tokens.verify(token);
  } catch {
    throw unauthenticated();
  }
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || !claims.jti || typeof claims.exp !== 'number') throw unauthenticated();
  const [row] = await (reads.forms ? readActorWithForms : readActor)(ctx.em, claims.jti, id);
  if (!row || row.revoked || row.token_version !== claims.tv) throw unauthenticated();
  const me: UserFacts = {
    id,
    email: row.email,
    name: row.name,
    role: row.role,
    initialSetup: row.initial_setup,
    initialSetupStep: row.initial_setup_step,
    access: row.access,
    tokenVersion: row.token_version,
  };
  const em = ctx.em;
  let user: IUser | undefined;
  return {
    me,
    // Mapped into this request's identity map only when a service needs the entity (a write, a relation): the reads
    // that only check access skip the ORM's hydration, measured at a twelfth of a phase-data call.
    get user() {
      // One this request already loaded (and may have changed) is that entity; otherwise the row read with the token.
      return (user ??=
        em.getUnitOfWork().getById(User, id) ??
        em.map(User, Object.fromEntries(USER_COLUMNS.map((column) => [column, row[column]]))));
    },
    jti: claims.jti,
    exp: claims.exp,
    membership: membershipOf(row),
  };
}
