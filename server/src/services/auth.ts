import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ROLE, SERVER_MESSAGE, loginInput, registerInput, type LoginResponse } from '@evolution/shared';
import { Evolution, RevokedToken, User, type IUser } from '../entities/index.ts';
import { DomainError, validationError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { Actor, ServiceContext } from './context.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { hit } from './rateLimit.ts';
import { loginResponse } from './session.ts';
import { newTokenId } from './tokens.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Issues an access token for a user and answers with the full login response. */
export async function signedIn(ctx: ServiceContext, user: IUser, remember: boolean): Promise<LoginResponse> {
  const ttl = remember ? ctx.config.rememberTokenTtl : ctx.config.tokenTtl;
  const access_token = ctx.tokens.sign({ sub: String(user.id), tv: user.tokenVersion, jti: newTokenId() }, ttl);
  return { access_token, ...(await loginResponse(ctx.em, user)) };
}

/** A new member (role 1, setup step 1) with their programme state, in the caller's transaction; a taken email is 422. */
export async function createMember(em: EntityManager, account: { email: string; name: string; password: string }): Promise<IUser> {
  if (await em.count(User, { email: account.email })) throw validationError('email', SERVER_MESSAGE.emailTaken);
  const user = em.create(User, { email: account.email, name: account.name.trim(), password: account.password, role: ROLE.member, initialSetup: 1, initialSetupStep: 1 });
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

/** Registers a member (role 1, setup step 1) and signs them in. */
export async function register(ctx: ServiceContext, raw: unknown): Promise<LoginResponse> {
  await hit(ctx.limits.register, ctx.ip);
  const input = parseInput(registerInput, raw);
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  return registering(async () => {
    const user = await ctx.em.transactional((em) => createMember(em, { email, name: input.name, password }));
    return signedIn(ctx, user, false);
  });
}

/** Signs a user in; a wrong email and a wrong password get the same answer. Failed attempts are throttled. */
export async function login(ctx: ServiceContext, raw: unknown): Promise<LoginResponse> {
  const input = parseInput(loginInput, raw);
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
export async function logout(ctx: ServiceContext, actor: Actor): Promise<{ message: string }> {
  await ctx.em.upsert(RevokedToken, { jti: actor.jti, user: actor.user.id, expiresAt: new Date(actor.exp * 1000) }, { onConflictAction: 'ignore' });
  return { message: 'Successfully logged out' };
}

/** Start-up: the login response for the signed-in user, without a new token. */
export function currentUser(ctx: ServiceContext, actor: Actor): Promise<LoginResponse> {
  return loginResponse(ctx.em, actor.user);
}

/**
 * The caller behind a bearer token for a surface's role check: no token → 401, a token that does not resolve → 401
 * (see {@link authenticate}), another role than `role` (null: any) → 403.
 */
export async function authenticateAs(ctx: Omit<ServiceContext, 'actor'>, token: string | null, role: number | null): Promise<Actor> {
  if (!token) throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  const actor = await authenticate(ctx, token);
  if (role !== null && actor.user.role !== role) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  return actor;
}

/** Resolves a bearer token to an actor, or throws 401: bad signature, expired, revoked, or issued before a password change. */
export async function authenticate(ctx: Omit<ServiceContext, 'actor'>, token: string): Promise<Actor> {
  const unauthenticated = () => new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  let claims;
  try {
    claims = ctx.tokens.verify(token);
  } catch {
    throw unauthenticated();
  }
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || !claims.jti || typeof claims.exp !== 'number') throw unauthenticated();
  const [user, revoked] = await Promise.all([ctx.em.findOne(User, { id }), ctx.em.count(RevokedToken, { jti: claims.jti })]);
  if (!user || revoked > 0 || user.tokenVersion !== claims.tv) throw unauthenticated();
  return { user, jti: claims.jti, exp: claims.exp };
}
