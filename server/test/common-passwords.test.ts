import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '@evolution/shared';
import { PasswordReset, Subscription, User } from '../src/entities/index.ts';
import { newMember, rest, signedInAdmin, subscriberRegistration, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

// Every place a password is set refuses the 10,000 most common (server/src/data/common-passwords.txt), in any case,
// through REST and tRPC alike, and changes nothing when it does.
const ctx = useTestApp();
const em = () => ctx.app.orm.em.fork();

const COMMON = 'This password is too common. Choose another.';
/** Laravel's 422 on REST, on the field the password came in. */
const restRefusal = { status: 422, body: { message: COMMON, errors: { password: [COMMON] } } };

function expectTrpcRefusal(res: Awaited<ReturnType<typeof trpc>>) {
  expect(res.status).toBe(422);
  expect(res.error.message).toBe(COMMON);
  expect(res.error.data.errors).toEqual({ password: [COMMON] });
}

async function registered() {
  const member = newMember();
  const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
  return { ...member, token: res.body.access_token as string, userId: res.body.user_id as number };
}

/** The member's password and session are as they were: the old password signs in, the old token still works. */
async function unchanged(m: { email: string; password: string; token: string }) {
  expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(200);
  expect((await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: m.password } })).status).toBe(
    200,
  );
}

describe('common passwords', () => {
  it('keeps the message in the shared catalogue', () => {
    expect(SERVER_MESSAGE.commonPassword).toBe(COMMON);
  });

  it('are refused at registration, in any case, and create nothing', async () => {
    const member = newMember({ password: '123456', confirm_password: '123456' });
    expect(await rest(ctx.app, 'POST', '/api/register', { body: member })).toMatchObject(restRefusal);
    expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).body).toEqual(restRefusal.body);
    const mixedCase = { ...member, password: 'PassWord1', confirm_password: 'PassWord1' };
    expect(await rest(ctx.app, 'POST', '/api/register', { body: mixedCase })).toMatchObject(restRefusal);
    expectTrpcRefusal(
      await trpc(ctx.app, 'mutation', 'auth.register', {
        ...member,
        password: 'iloveyou',
        confirm_password: 'iloveyou',
      }),
    );
    expect(await em().count(User, { email: member.email })).toBe(0);
    // The same email then registers with a password of its own.
    const ok = await rest(ctx.app, 'POST', '/api/register', {
      body: { ...member, password: 'a-rarer-pass-7', confirm_password: 'a-rarer-pass-7' },
    });
    expect(ok.body.access_token).toEqual(expect.any(String));
  });

  it('are refused at registration with a plan, and nothing is charged or created', async () => {
    const body = subscriberRegistration({ password: 'football', confirm_password: 'football' });
    expect(await rest(ctx.app, 'POST', '/api/register/subscription', { body })).toMatchObject(restRefusal);
    expectTrpcRefusal(await trpc(ctx.app, 'mutation', 'account.subscription.registerAndSubscribe', body));
    expect(await em().count(User, { email: body.email })).toBe(0);
    expect(await em().count(Subscription, { user: { email: body.email } })).toBe(0);
  });

  it('are refused at a password change; the old password and session go on', async () => {
    const m = await registered();
    const change = (password: string) => ({ old_password: m.password, password, password_confirmation: password });
    expect(
      await rest(ctx.app, 'PUT', '/api/user/settings/password', { token: m.token, body: change('baseball') }),
    ).toMatchObject(restRefusal);
    expectTrpcRefusal(await trpc(ctx.app, 'mutation', 'account.changePassword', change('TRUSTNO1'), m.token));
    // Refused as a form fault even with a wrong old password: nothing is checked against the account first.
    expect(
      await rest(ctx.app, 'PUT', '/api/user/settings/password', {
        token: m.token,
        body: { ...change('letmein'), old_password: 'not-my-password' },
      }),
    ).toMatchObject(restRefusal);
    await unchanged(m);
  });

  it('are refused at a reset; the link stays usable and the old password works', async () => {
    const m = await registered();
    const token = randomBytes(32).toString('base64url');
    const fork = em();
    fork.create(PasswordReset, {
      user: m.userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    await fork.flush();
    const reset = (password: string) => ({ email: m.email, token, password, confirm_password: password });
    expect(await rest(ctx.app, 'POST', '/api/password/reset', { body: reset('qwerty123') })).toMatchObject(restRefusal);
    expectTrpcRefusal(await trpc(ctx.app, 'mutation', 'account.resetPassword', reset('Sunshine')));
    await unchanged(m);
    expect((await em().findOneOrFail(PasswordReset, { user: m.userId })).usedAt).toBeNull();
    // The link was not spent: a rarer password goes through.
    expect((await rest(ctx.app, 'POST', '/api/password/reset', { body: reset('after-the-refusal-1') })).status).toBe(
      200,
    );
  });

  it('are refused when an admin creates a user or sets one’s password, and nothing changes', async () => {
    const admin = await signedInAdmin(ctx.app);
    const email = `made${Date.now()}@example.com`;
    const create = (password: string) => ({ name: 'Made', email, password, user_type: 1 });
    expect(
      await rest(ctx.app, 'POST', '/api/admin/admin', { token: admin.token, body: create('123456') }),
    ).toMatchObject(restRefusal);
    expectTrpcRefusal(await trpc(ctx.app, 'mutation', 'admin.users.create', create('Dragon'), admin.token));
    expect(await em().count(User, { email })).toBe(0);

    const m = await registered();
    const set = (password: string) => ({ password, password_confirmation: password });
    expect(
      await rest(ctx.app, 'PUT', `/api/admin/admin/${m.userId}`, { token: admin.token, body: set('master') }),
    ).toMatchObject(restRefusal);
    expectTrpcRefusal(
      await trpc(ctx.app, 'mutation', 'admin.users.setPassword', { id: m.userId, ...set('superman') }, admin.token),
    );
    await unchanged(m);
    expect((await em().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(0);
  });
});
