// Remember-me tokens end after REMEMBER_TOKEN_IDLE_SECONDS (14 days) without use, within their 30-day life: the last
// use is kept per token (written at most once a minute), and time travels here by setting it back in SQL.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mayEndIdle } from '../src/services/tokens.ts';
import { newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();
const em = () => ctx.app.orm.em.fork();
const sqlRows = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const DAY = 86_400;
const unauthenticated = { message: 'Unauthenticated.' };

/** A fresh member signed in with or without "remember me": the token and its claims. */
async function signedIn(remember: boolean) {
  const member = newMember();
  await rest(ctx.app, 'POST', '/api/register', { body: member });
  const res = await rest(ctx.app, 'POST', '/api/login', {
    body: { email: member.email, password: member.password, remember },
  });
  expect(res.status).toBe(200);
  const token = res.body.access_token as string;
  return {
    token,
    claims: ctx.app.jwt.decode<{ sub: string; tv: number; jti: string; iat: number; exp: number }>(token)!,
  };
}

/** The token's written last use, or null when none was written. */
async function lastUse(jti: string): Promise<Date | null> {
  const [row] = await sqlRows<{ last_used_at: Date }>('select last_used_at from remembered_tokens where jti = ?', [
    jti,
  ]);
  return row ? new Date(row.last_used_at) : null;
}

/** Sets the token's last use `days` back, as if it had not been used since. */
const lastUsedDaysAgo = (jti: string, days: number, exp: number) =>
  sqlRows(
    `insert into remembered_tokens (jti, last_used_at, expires_at) values (?, now() - make_interval(secs => ?), to_timestamp(?))
     on conflict (jti) do update set last_used_at = excluded.last_used_at`,
    [jti, days * DAY, exp],
  );

/** The app's VAPID pair: loadConfig then writes no key file. */
const vapidEnv = () => ({
  VAPID_PUBLIC_KEY: ctx.app.config.vapid.publicKey,
  VAPID_PRIVATE_KEY: ctx.app.config.vapid.privateKey,
});
const me = (token: string) => rest(ctx.app, 'GET', '/api/user', { token });

describe('a remember-me token', () => {
  it('keeps its 30-day life, and writes nothing while its last use is under a minute old', async () => {
    const { token, claims } = await signedIn(true);
    expect(claims.exp - claims.iat).toBe(ctx.app.config.rememberTokenTtl);
    expect(ctx.app.config.rememberTokenIdle).toBe(14 * DAY);
    for (let i = 0; i < 3; i++) expect((await me(token)).status).toBe(200);
    expect(await lastUse(claims.jti)).toBeNull();
  });

  it('used after 13 idle days still works, and its use is written (once for calls side by side)', async () => {
    const { token, claims } = await signedIn(true);
    await lastUsedDaysAgo(claims.jti, 13, claims.exp);
    const answers = await Promise.all([me(token), me(token), trpc(ctx.app, 'query', 'auth.me', undefined, token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const written = await lastUse(claims.jti);
    expect(Date.now() - written!.getTime()).toBeLessThan(60_000);
    // The calls that read the member's forms with the token take the same check (this member may not train: 403).
    expect((await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/phase', { token })).status).toBe(403);
  });

  it('ends after 14 days without use, on REST and tRPC, whatever the call reads', async () => {
    const { token, claims } = await signedIn(true);
    await lastUsedDaysAgo(claims.jti, 14.01, claims.exp);
    expect(await me(token)).toMatchObject({ status: 401, body: unauthenticated });
    expect((await trpc(ctx.app, 'query', 'auth.me', undefined, token)).status).toBe(401);
    // The calls that read the member's forms with the token take the same check.
    expect((await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/phase', { token })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'warrior.phase', { type: 'general' }, token)).status).toBe(401);
    // A refused call does not bring it back.
    expect((await me(token)).status).toBe(401);
  });

  it('issued 15 days ago and never used since has ended, while one used yesterday lives on', async () => {
    const { claims } = await signedIn(true);
    const now = Math.floor(Date.now() / 1000);
    const old = ctx.app.jwt.sign({
      sub: claims.sub,
      tv: claims.tv,
      jti: 'remembered15daysago',
      iat: now - 15 * DAY,
      exp: now + 15 * DAY,
    });
    expect(ctx.app.jwt.decode<{ iat: number }>(old)!.iat).toBe(now - 15 * DAY);
    expect((await me(old)).status).toBe(401);
    await lastUsedDaysAgo('remembered15daysago', 1, now + 15 * DAY);
    expect((await me(old)).status).toBe(200);
  });

  it('is still ended at once by logout', async () => {
    const { token } = await signedIn(true);
    expect((await rest(ctx.app, 'GET', '/api/logout', { token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });
});

describe('REMEMBER_TOKEN_IDLE_SECONDS', () => {
  it('is 14 days unless set; 0 turns the idle end off, and only tokens living longer than it can end idle', () => {
    expect(loadConfig({ JWT_SECRET: ctx.app.config.jwtSecret, ...vapidEnv() }).rememberTokenIdle).toBe(14 * DAY);
    expect(
      loadConfig({ JWT_SECRET: ctx.app.config.jwtSecret, ...vapidEnv(), REMEMBER_TOKEN_IDLE_SECONDS: '3600' })
        .rememberTokenIdle,
    ).toBe(3600);
    expect(mayEndIdle({ rememberTokenIdle: 14 * DAY }, 30 * DAY, 0)).toBe(true);
    expect(mayEndIdle({ rememberTokenIdle: 14 * DAY }, DAY, 0)).toBe(false);
    expect(mayEndIdle({ rememberTokenIdle: 0 }, 30 * DAY, 0)).toBe(false);
  });
});

describe('a token without remember-me', () => {
  it('lives its day without any use being written (its life is shorter than the idle window)', async () => {
    const { token, claims } = await signedIn(false);
    expect(claims.exp - claims.iat).toBe(ctx.app.config.tokenTtl);
    const now = Math.floor(Date.now() / 1000);
    const hoursOld = ctx.app.jwt.sign({
      sub: claims.sub,
      tv: claims.tv,
      jti: 'dayTokenHoursOld',
      iat: now - 20 * 3600,
      exp: now + 4 * 3600,
    });
    for (const t of [token, hoursOld]) expect((await me(t)).status).toBe(200);
    expect(await lastUse(claims.jti)).toBeNull();
    expect(await lastUse('dayTokenHoursOld')).toBeNull();
  });
});
