import { describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@evolution/shared';
import { User } from '../src/entities/index.ts';
import { expectFieldErrors, newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();

describe('POST /api/register', () => {
  it('creates a member at setup step 1 and answers with the full login response', async () => {
    const member = newMember({ email: 'New.Member@Example.com' });
    const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
    expect(res.status).toBe(201);
    const body = loginResponseSchema.strict().parse(res.body);
    expect(body).toMatchObject({
      user_role: 1,
      name: member.name,
      email: 'new.member@example.com',
      initial_setup: 1,
      initial_setup_step: 1,
      access: { evolution_page: false, warrior_channel: false, superhuman_channel: false, immortal_channel: false },
      subscription: { active: false, channel: null, plan: null },
      evolution: 1,
      version: 1,
      phase: 1,
      need_calibration: true,
    });
    expect(body.access_token).toMatch(/^ey/);
    expect(body.evolution_id).toBeGreaterThan(0);
  });

  it("answers an empty body with Laravel's 422 and the form's messages", async () => {
    const res = await rest(ctx.app, 'POST', '/api/register', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'This is a required field (and 3 more errors)',
      errors: {
        email: ['This is a required field'],
        name: ['This is a required field'],
        password: ['This is a required field'],
        confirm_password: ['This is a required field'],
      },
    });
  });

  it('refuses a bad email and a mismatched confirmation, creating nothing', async () => {
    const before = await ctx.app.orm.em.fork().count(User);
    const res = await rest(ctx.app, 'POST', '/api/register', {
      body: newMember({ email: 'not-an-email', confirm_password: 'other-pass' }),
    });
    expectFieldErrors(res, { email: ['Incorrect format'], confirm_password: ['Passwords do not match'] });
    expect(await ctx.app.orm.em.fork().count(User)).toBe(before);
  });

  it('treats emails case-insensitively: a second account for the same address is refused', async () => {
    const member = newMember();
    expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).status).toBe(201);
    const again = await rest(ctx.app, 'POST', '/api/register', {
      body: { ...member, email: member.email.toUpperCase() },
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect(await ctx.app.orm.em.fork().count(User, { email: member.email })).toBe(1);
  });

  it('counts a double-clicked register once', async () => {
    const member = newMember();
    const results = await Promise.all([1, 2].map(() => rest(ctx.app, 'POST', '/api/register', { body: member })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await ctx.app.orm.em.fork().count(User, { email: member.email })).toBe(1);
  });

  it('stores the password as an argon2id hash', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const user = await ctx.app.orm.em.fork().findOneOrFail(User, { email: member.email }, { populate: ['password'] });
    expect(user.password).toMatch(/^\$argon2id\$/);
  });

  it('is throttled per address with a 429 in Laravel shape', async () => {
    const ip = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await rest(ctx.app, 'POST', '/api/register', { body: newMember(), ip })).status);
    expect(statuses).toEqual(Array(10).fill(201));
    // The eleventh from the same address is refused...
    const res = await rest(ctx.app, 'POST', '/api/register', { body: newMember(), ip });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // ...while another address still registers.
    expect((await rest(ctx.app, 'POST', '/api/register', { body: newMember(), ip: '192.0.2.11' })).status).toBe(201);
  });
});

describe('POST /api/login', () => {
  it('signs in and the token opens GET /api/user (start-up)', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const login = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: member.email.toUpperCase(), password: member.password },
    });
    expect(login.status).toBe(200);
    loginResponseSchema.strict().parse(login.body);
    const me = await rest(ctx.app, 'GET', '/api/user', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.access_token).toBeUndefined();
    expect(me.body).toMatchObject({ user_id: login.body.user_id, user_role: 1, initial_setup_step: 1 });
  });

  it('gives a longer token with remember', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const lifetime = async (remember: boolean) => {
      const res = await rest(ctx.app, 'POST', '/api/login', {
        body: { email: member.email, password: member.password, remember },
      });
      const claims = ctx.app.jwt.decode<{ exp: number; iat: number }>(res.body.access_token)!;
      return claims.exp - claims.iat;
    };
    expect(await lifetime(false)).toBe(ctx.app.config.tokenTtl);
    expect(await lifetime(true)).toBe(ctx.app.config.rememberTokenTtl);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const wrong = await rest(ctx.app, 'POST', '/api/login', { body: { email: member.email, password: 'wrong-pass' } });
    const unknown = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: 'nobody@example.com', password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('answers 429 with Retry-After after repeated failed logins, even with the right password', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const ip = '192.0.2.20';
    for (let i = 0; i < 5; i++) {
      expect(
        (await rest(ctx.app, 'POST', '/api/login', { body: { email: member.email, password: 'nope-nope' }, ip }))
          .status,
      ).toBe(422);
    }
    const res = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: member.email, password: member.password },
      ip,
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-ratelimit-limit']).toBe('5');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // Another address is not held back by this one's failures.
    expect(
      (await rest(ctx.app, 'POST', '/api/login', { body: { email: member.email, password: member.password } })).status,
    ).toBe(200);
  });

  it('spends the attempt before checking, so guesses sent side by side cannot slip past the limit', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const ip = '192.0.2.21';
    const guesses = Array.from({ length: 12 }, (_, i) => (i === 9 ? member.password : `guess-${i}-wrong`));
    const answers = await Promise.all(
      guesses.map((password) => rest(ctx.app, 'POST', '/api/login', { body: { email: member.email, password }, ip })),
    );
    const statuses = answers.map((a) => a.status);
    // Five attempts are checked (whatever their order of arrival); the other seven are refused unread.
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 200 || s === 422)).toBe(true);
  });

  it('refuses a tRPC batch longer than the client ever sends (400)', async () => {
    const paths = Array.from({ length: 11 }, () => 'auth.login').join(',');
    const input = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [i, { email: 'a@example.com', password: 'x' }]),
    );
    const res = await ctx.app.inject({ method: 'POST', url: `/trpc/${paths}?batch=1`, payload: input });
    expect(res.statusCode).toBe(400);
  });

  it('validates the body', async () => {
    const res = await rest(ctx.app, 'POST', '/api/login', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['Enter your email address.'],
      password: ['Enter your password.'],
    });
  });

  it('answers malformed JSON with a 400 and no internals', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });
});

describe('tokens', () => {
  async function signedInMember() {
    const member = newMember();
    const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
    return res.body.access_token as string;
  }

  it('are revoked by GET /api/logout on both surfaces', async () => {
    const token = await signedInMember();
    const out = await rest(ctx.app, 'GET', '/api/logout', { token });
    expect(out.status).toBe(200);
    const me = await rest(ctx.app, 'GET', '/api/user', { token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Unauthenticated.' });
    expect((await trpc(ctx.app, 'query', 'auth.me', undefined, token)).status).toBe(401);
  });

  it('are revoked by the tRPC logout too, and logging out twice is refused', async () => {
    const token = await signedInMember();
    expect((await trpc(ctx.app, 'mutation', 'auth.logout', undefined, token)).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/logout', { token })).status).toBe(401);
  });

  it('are refused when expired, tampered with, or signed with another algorithm', async () => {
    const token = await signedInMember();
    const claims = ctx.app.jwt.decode<{ sub: string; tv: number; jti: string }>(token)!;
    const expired = ctx.app.jwt.sign({
      sub: claims.sub,
      tv: claims.tv,
      jti: 'expired1',
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    for (const bad of [expired, tampered, none, 'garbage']) {
      expect((await rest(ctx.app, 'GET', '/api/user', { token: bad })).status).toBe(401);
    }
    expect((await rest(ctx.app, 'GET', '/api/user')).body).toEqual({ message: 'Unauthenticated.' });
  });

  it('issued before a password change are refused', async () => {
    const token = await signedInMember();
    const userId = Number(ctx.app.jwt.decode<{ sub: string }>(token)!.sub);
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(User, { id: userId }, { tokenVersion: 1 });
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).status).toBe(401);
  });
});

describe('tRPC auth', () => {
  it('registers, reads the start-up state and signs in with the same services', async () => {
    const member = newMember();
    const reg = await trpc(ctx.app, 'mutation', 'auth.register', member);
    expect(reg.status).toBe(200);
    loginResponseSchema.strict().parse(reg.data);
    const me = await trpc(ctx.app, 'query', 'auth.me', undefined, reg.data.access_token);
    expect(me.data.user_id).toBe(reg.data.user_id);
    const login = await trpc(ctx.app, 'mutation', 'auth.login', { email: member.email, password: member.password });
    expect(login.data.user_id).toBe(reg.data.user_id);
  });

  it('reports validation as 422 with the field errors', async () => {
    const res = await trpc(ctx.app, 'mutation', 'auth.register', { email: 'x' });
    expect(res.status).toBe(422);
    expect(res.error.data).toMatchObject({
      httpStatus: 422,
      errors: { email: ['Incorrect format'], name: ['This is a required field'] },
    });
  });
});

describe('a NUL character in any input', () => {
  it('is a 422 on its field over REST and tRPC, and creates nothing (PostgreSQL cannot store it)', async () => {
    const member = newMember({ name: 'Nul\u0000Name' });
    const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
    expect(res).toMatchObject({
      status: 422,
      body: { errors: { name: ['The name may not contain a null character.'] } },
    });
    expect((await trpc(ctx.app, 'mutation', 'auth.register', member)).status).toBe(422);
    expect(await ctx.app.orm.em.fork().count(User, { email: member.email })).toBe(0);
  });
});
