import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  MAX_ID,
  ROLE,
  SERVER_MESSAGE,
  TOKEN_MESSAGE,
  loginInput,
  registerInput,
  type LoginResponse,
  type TokenAbility,
} from '@evolution/shared';
import { Evolution, RevokedToken, User, type IUser } from '../entities/index.ts';
import { DomainError, validationError } from '../errors.ts';
import { sql, type InferResult, type Kysely } from 'kysely';
import { db, now, prepared, type Database } from '../db/kysely.ts';
import type { Actor, ServiceContext, SignedInContext, UserFacts } from './context.ts';
import { refuseCommonPassword } from './commonPasswords.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { firstInWindow, hit, spend, throttleAddress } from './rateLimit.ts';
import { enqueueMail } from './jobs.ts';
import { loginResponse, type EvolutionFacts, type Membership, type SubscriptionFacts } from './session.ts';
import { idleSeconds, markRememberedUse, mayEndIdle, newTokenId, REMEMBERED_USE_EVERY_SECONDS } from './tokens.ts';

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
  return hit(ctx.limits.register, throttleAddress(ctx.ip));
}

/** Registers a member (role 1, setup step 1) and signs them in; the door has spent the attempt (throttleRegistration). */
export async function register(ctx: ServiceContext, input: z.output<typeof registerInput>): Promise<LoginResponse> {
  refuseCommonPassword(input.password);
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  return registering(async () => {
    const user = await ctx.em.transactional((em) => createMember(em, { email, name: input.name, password }));
    return signedIn(ctx, user, false);
  });
}

/**
 * Signs a user in; a wrong email and a wrong password get the same answer. Failed attempts are throttled per account
 * and address, per address across accounts and per account across addresses (docs/product.md §7); the member gets a
 * mail when their account's limit is reached.
 */
export async function login(ctx: ServiceContext, input: z.output<typeof loginInput>): Promise<LoginResponse> {
  const email = normaliseEmail(input.email);
  const address = throttleAddress(ctx.ip);
  const key = `${email}|${address}`;
  // Spent before the password is checked: side-by-side guesses cannot slip past, and a refused one costs no argon2.
  await hit(ctx.limits.login, key);
  await hit(ctx.limits.loginAddress, address);
  const account = await spend(ctx.limits.loginAccount, email);
  const user = await ctx.em.findOne(User, { email }, { populate: ['password'] });
  const ok = await verifyPassword(user?.password ?? (await decoyPasswordHash(ctx.config)), input.password);
  if (!user || !ok) {
    // This failure took the account's last attempt: it is locked until its window ends or the password is reset.
    if (user && account.remainingPoints === 0) await warnLockedOut(ctx, user);
    throw validationError('email', SERVER_MESSAGE.invalidCredentials);
  }
  await ctx.limits.loginAddress.reward(address, 1);
  await ctx.limits.loginAccount.reward(email, 1);
  await ctx.limits.login.delete(key);
  return signedIn(ctx, user, input.remember);
}

/** The mail of an account's lock-out, queued once per lock-out: someone is guessing, here is the way back in. */
async function warnLockedOut(ctx: ServiceContext, user: IUser): Promise<void> {
  if (!(await firstInWindow(ctx.limits.lockoutMail, user.email))) return;
  const { points, windowSeconds } = ctx.config.signInThrottles.account;
  const minutes = Math.ceil(windowSeconds / 60);
  await enqueueMail(ctx.em, {
    to: user.email,
    subject: 'Someone is trying to sign in to your account',
    text: `Hello ${user.name},\n\nThere have been ${points} failed attempts to sign in to your account, so signing in to it is paused for up to ${minutes} minutes, even with the right password.\n\nIf it was not you, someone may be trying to guess your password. Choose a new one now: it ends the pause at once. Ask for a reset link here:\n\n${ctx.config.appUrl}/#/forgot_password\n\nIf it was you, wait until the pause ends or reset your password the same way.\n`,
  });
}

/** Forgets an account's failed sign-ins (and its lock-out mail) once its password has been set anew. */
export async function clearSignInFailures(ctx: Pick<ServiceContext, 'limits'>, email: string): Promise<void> {
  const account = normaliseEmail(email);
  await ctx.limits.loginAccount.delete(account);
  await ctx.limits.lockoutMail.delete(account);
}

const LOGGED_OUT = 'Successfully logged out';

/**
 * Ends the token the caller used; later calls with it get 401. A personal access token is left working: it ends only
 * when revoked (DELETE user/tokens/{id}), so an integration's logout cannot cut off the others using it.
 */
export async function logout(ctx: SignedInContext): Promise<{ message: string }> {
  const { actor } = ctx;
  if (actor.personalToken) return { message: LOGGED_OUT };
  await ctx.em.upsert(
    RevokedToken,
    { jti: actor.jti, user: actor.user.id, expiresAt: new Date(actor.exp * 1000) },
    { onConflictAction: 'ignore' },
  );
  return { message: LOGGED_OUT };
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
 * (see {@link authenticate}), another role than `role` (null: any) → 403. `writes`: the call may change something
 * (REST's methods but GET and HEAD, tRPC's mutations), which a read-only personal access token may not (403).
 */
export async function authenticateAs(
  ctx: Omit<ServiceContext, 'actor'>,
  token: string | null,
  role: number | null,
  reads: ActorReads = {},
  writes = true,
): Promise<Actor> {
  if (!token) throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  const actor = await authenticate(ctx, token, reads);
  if (role !== null && actor.me.role !== role) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  if (writes && actor.personalToken && !mayWrite(actor.personalToken.abilities))
    throw new DomainError('FORBIDDEN', TOKEN_MESSAGE.readOnly);
  return actor;
}

/** Whether a personal access token's abilities allow calls that change something (Sanctum's `*` allows all). */
const mayWrite = (abilities: readonly TokenAbility[]) => abilities.includes('write') || abilities.includes('*');

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
 * The user with everything a read needs alongside, in one round trip: the subscription with its channel, the
 * programme position and, when asked, the member's form on each ladder. The token's own check is the caller's part.
 */
function actorBase(kysely: Kysely<Database>, withForms: boolean) {
  return kysely
    .selectFrom('users as u')
    .leftJoin('subscriptions as s', 's.user_id', 'u.id')
    .leftJoin('channels as c', 'c.id', 's.channel_id')
    .leftJoin('evolutions as e', 'e.user_id', 'u.id')
    .select([
      ...USER_COLUMNS.map((column) => `u.${column}` as const),
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
    );
}

/** The user behind a session's token (a JWT), with whether that token was revoked. */
function actorQuery(kysely: Kysely<Database>, jti: string, id: number, withForms: boolean) {
  return actorBase(kysely, withForms)
    .select((eb) =>
      eb.exists(eb.selectFrom('revoked_tokens as r').select('r.jti').where('r.jti', '=', jti)).as('revoked'),
    )
    .where('u.id', '=', id);
}

/**
 * The user behind a personal access token, with the token's hash, abilities and expiry (in seconds), whether it has
 * expired and whether its last use is a minute old (the database's clock decides both).
 */
function personalActorQuery(kysely: Kysely<Database>, tokenId: number, withForms: boolean) {
  return actorBase(kysely, withForms)
    .innerJoin('personal_access_tokens as t', 't.user_id', 'u.id')
    .select([
      't.token as t_token',
      't.abilities as t_abilities',
      sql<number | null>`extract(epoch from t.expires_at)::float8`.as('t_expires'),
      sql<boolean>`t.expires_at is not null and t.expires_at <= now()`.as('t_expired'),
      sql<boolean>`t.last_used_at is null or t.last_used_at < now() - interval '1 minute'`.as('t_stale'),
    ])
    .where('t.id', '=', tokenId);
}

/** What a call reads alongside the token check, beyond the user, subscription and programme position. */
export interface ActorReads {
  /** The member's current form on each ladder. */
  forms?: boolean;
}

const readActor = prepared((kysely, jti: string, id: number) => actorQuery(kysely, jti, id, false));
const readActorWithForms = prepared((kysely, jti: string, id: number) => actorQuery(kysely, jti, id, true));
// A token that may end idle ("remember me") reads, in the same round trip, how long ago it was last used.
const readRemembered = prepared((kysely, jti: string, id: number, iat: number) =>
  actorQuery(kysely, jti, id, false).select(idleSeconds(jti, iat).as('idle_seconds')),
);
const readRememberedWithForms = prepared((kysely, jti: string, id: number, iat: number) =>
  actorQuery(kysely, jti, id, true).select(idleSeconds(jti, iat).as('idle_seconds')),
);
const readPersonalActor = prepared((kysely, tokenId: number) => personalActorQuery(kysely, tokenId, false));
const readPersonalActorWithForms = prepared((kysely, tokenId: number) => personalActorQuery(kysely, tokenId, true));
type ActorRow = InferResult<ReturnType<typeof actorBase>>[number];

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

/**
 * Resolves a bearer token to an actor, or throws 401: bad signature, expired, revoked, or issued before a password
 * change; a personal access token (`<id>|<secret>`, never a JWT's characters) that is unknown, revoked or expired.
 */
export async function authenticate(
  ctx: Omit<ServiceContext, 'actor'>,
  token: string,
  reads: ActorReads = {},
): Promise<Actor> {
  const bar = token.indexOf('|');
  if (bar !== -1) return authenticatePersonal(ctx, token, bar, reads);
  let claims;
  try {
    claims = ctx.tokens.verify(token);
  } catch {
    throw unauthenticated();
  }
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || !claims.jti || typeof claims.exp !== 'number') throw unauthenticated();
  if (mayEndIdle(ctx.config, claims.exp, claims.iat)) {
    const [row] = await (reads.forms ? readRememberedWithForms : readRemembered)(
      ctx.em,
      claims.jti,
      id,
      claims.iat ?? 0,
    );
    if (!row || row.revoked || row.token_version !== claims.tv) throw unauthenticated();
    if (row.idle_seconds > ctx.config.rememberTokenIdle) throw unauthenticated();
    if (row.idle_seconds > REMEMBERED_USE_EVERY_SECONDS) await markRememberedUse(ctx.em, claims.jti, claims.exp);
    return actorOf(ctx.em, row, { jti: claims.jti, exp: claims.exp });
  }
  const [row] = await (reads.forms ? readActorWithForms : readActor)(ctx.em, claims.jti, id);
  if (!row || row.revoked || row.token_version !== claims.tv) throw unauthenticated();
  return actorOf(ctx.em, row, { jti: claims.jti, exp: claims.exp });
}

const unauthenticated = () => new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);

/** SHA-256 of a personal access token's secret, hex: what the table keeps. */
export const personalTokenHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A personal access token's caller: the row by id, its secret's hash compared in constant time, not expired. */
async function authenticatePersonal(
  ctx: Omit<ServiceContext, 'actor'>,
  token: string,
  bar: number,
  reads: ActorReads,
): Promise<Actor> {
  const idText = token.slice(0, bar);
  const secret = token.slice(bar + 1);
  const tokenId = Number(idText);
  if (!/^\d{1,10}$/.test(idText) || tokenId > MAX_ID || !/^[A-Za-z0-9]{40}$/.test(secret)) throw unauthenticated();
  const [row] = await (reads.forms ? readPersonalActorWithForms : readPersonalActor)(ctx.em, tokenId);
  if (!row || row.t_expired) throw unauthenticated();
  if (!timingSafeEqual(Buffer.from(personalTokenHash(secret)), Buffer.from(row.t_token))) throw unauthenticated();
  if (row.t_stale) await markTokenUsed(ctx, tokenId, row.role === ROLE.admin);
  const session = Math.floor(Date.now() / 1000) + ctx.config.tokenTtl;
  return actorOf(ctx.em, row, {
    jti: `personal-${tokenId}`,
    exp: Math.floor(Math.min(row.t_expires ?? session, session)),
    personalToken: { id: tokenId, abilities: row.t_abilities },
  });
}

/**
 * Notes a personal access token's use, at most once a minute (the guard holds against calls side by side): no write
 * per call. An admin's use is written to the audit log in the same statement, so each minute of use leaves one row.
 */
async function markTokenUsed(ctx: Omit<ServiceContext, 'actor'>, tokenId: number, admin: boolean): Promise<void> {
  const touched = (kysely: Pick<Kysely<Database>, 'updateTable'>) =>
    kysely
      .updateTable('personal_access_tokens')
      .set({ last_used_at: now() })
      .where('id', '=', tokenId)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<string>`now() - interval '1 minute'`)]),
      )
      .returning(['id', 'user_id']);
  if (!admin) {
    await touched(db(ctx.em)).execute();
    return;
  }
  await db(ctx.em)
    .with('touched', (qc) => touched(qc))
    .insertInto('audit_log')
    .columns(['admin_id', 'action', 'member_id', 'object_type', 'object_id', 'ip', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('touched')
        .select([
          'touched.user_id',
          sql.lit(PERSONAL_TOKEN_USED).as('action'),
          sql<null>`null`.as('member_id'),
          sql.lit('personal_access_token').as('object_type'),
          'touched.id',
          sql<string | null>`${ctx.ip || null}`.as('ip'),
          now().as('created_at'),
        ]),
    )
    .execute();
}

/** The audit log's action for an admin's calls with a personal access token. */
const PERSONAL_TOKEN_USED = 'personal_access_token.used';

/** The actor of a token's row: the caller's facts, the entity made on first use, the membership read alongside. */
function actorOf(em: EntityManager, row: ActorRow, token: Pick<Actor, 'jti' | 'exp' | 'personalToken'>): Actor {
  const id = row.id;
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
    ...token,
    membership: membershipOf(row),
  };
}
