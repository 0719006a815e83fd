import { UniqueConstraintViolationException } from '@mikro-orm/core';
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

/** Registers a member (role 1, setup step 1) and signs them in. */
export async function register(ctx: ServiceContext, raw: unknown): Promise<LoginResponse> {
  await hit(ctx.limits.register, ctx.ip);
  const input = parseInput(registerInput, raw);
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  try {
    const user = await ctx.em.transactional(async (em) => {
      if (await em.count(User, { email })) throw validationError('email', SERVER_MESSAGE.emailTaken);
      const u = em.create(User, { email, name: input.name.trim(), password, role: ROLE.member, initialSetup: 1, initialSetupStep: 1 });
      em.create(Evolution, { user: u });
      return u;
    });
    return await signedIn(ctx, user, false);
  } catch (e) {
    // Two registrations racing for one email: the unique index decides, the loser gets the same 422.
    if (e instanceof UniqueConstraintViolationException) throw validationError('email', SERVER_MESSAGE.emailTaken);
    throw e;
  }
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
