import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USER_MESSAGE as M,
  CHANNEL,
  ROLE,
  SERVER_MESSAGE,
  SUPERHUMAN_MESSAGE,
  adminUserRowSchema,
  adminUserSchema,
  paginatedSchema,
} from '@evolution/shared';
import { ensureAdmin } from '../src/db/seed.ts';
import { ContactDetails, Evolution, Media, PasswordReset, Subscription, User } from '../src/entities/index.ts';
import { deleteUser, updateUser } from '../src/services/adminUsers.ts';
import type { Actor, SignedInContext } from '../src/services/context.ts';
import { newMember, rest, subscriberRegistration, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { startFakeStripe } from './helpers/fakeStripe.ts';
import { trainingMember, uploadPhoto } from './helpers/training.ts';

// Deleting a member ends their subscription with the provider: the real stripe SDK against a local fake.
const fake = await startFakeStripe();
afterAll(() => fake.close());
const ctx = useTestAppWithDataDir('admin-users', {
  stripeSecretKey: 'sk_test_fake',
  stripeWebhookSecret: 'whsec_test',
  stripeApiHost: '127.0.0.1',
  stripeApiPort: fake.port,
  stripeApiProtocol: 'http',
});
const em = () => ctx.app.orm.em.fork();
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  await ensureAdmin(ctx.app.orm.em.fork(), ctx.app.config, 'boss@example.com', 'boss-pass-1', 'Boss');
  adminToken = (
    await rest(ctx.app, 'POST', '/api/login', { body: { email: 'boss@example.com', password: 'boss-pass-1' } })
  ).body.access_token;
  for (let i = 1; i <= 12; i++) {
    const res = await rest(ctx.app, 'POST', '/api/register', {
      body: newMember({ name: `Trainee ${String(i).padStart(2, '0')}` }),
    });
    memberToken = res.body.access_token;
  }
});

describe('GET /api/admin/admin', () => {
  it('needs a token (401) and role 2 (403)', async () => {
    expect(await rest(ctx.app, 'GET', '/api/admin/admin')).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(await rest(ctx.app, 'GET', '/api/admin/admin', { token: memberToken })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
  });

  it("pages 10 at a time in Laravel's shape, newest first", async () => {
    const res = await rest(ctx.app, 'GET', '/api/admin/admin', { token: adminToken });
    expect(res.status).toBe(200);
    const page = paginatedSchema(adminUserRowSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, from: 1, to: 10, per_page: 10, total: 13, last_page: 2 });
    expect(page.data[0]!.name).toBe('Trainee 12');
    const second = await rest(ctx.app, 'GET', '/api/admin/admin?page=2', { token: adminToken });
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 11, to: 13 });
    expect(second.body.data.at(-1)).toMatchObject({ name: 'Boss', user_type: 2 });
  });

  it('searches by name or email and filters by user type', async () => {
    const byName = await rest(ctx.app, 'GET', '/api/admin/admin?search=trainee%2001', { token: adminToken });
    expect(byName.body.data.map((u: { name: string }) => u.name)).toEqual(['Trainee 01']);
    expect(byName.body.links.first).toContain('search=trainee+01');
    const admins = await rest(ctx.app, 'GET', '/api/admin/admin?categoryId=2', { token: adminToken });
    expect(admins.body.data.map((u: { email: string }) => u.email)).toEqual(['boss@example.com']);
    const literal = await rest(ctx.app, 'GET', '/api/admin/admin?search=%25', { token: adminToken });
    expect(literal.body.meta.total).toBe(0);
  });

  it('keeps its total (and last_page) exact as users come, go and change type, without counting the table', async () => {
    const em = ctx.app.orm.em.fork();
    const counted = async (categoryId?: number) =>
      (
        await rest(ctx.app, 'GET', `/api/admin/admin${categoryId ? `?categoryId=${categoryId}` : ''}`, {
          token: adminToken,
        })
      ).body.meta;
    const actual = async (role?: number) =>
      Number(
        (
          await em.execute<{ n: string }[]>(
            `select count(*) as n from users ${role ? 'where role = ?' : ''}`,
            role ? [role] : [],
          )
        )[0]!.n,
      );
    // Set-based, as a seed or an import would: the per-role counts follow (the triggers on users, entities/UserCount.ts).
    await em.execute(`insert into users (email, name, password, role, created_at, updated_at)
      select 'bulk' || g || '@example.com', 'Bulk ' || g, 'x', 1, now(), now() from generate_series(1, 250) g`);
    await em.execute(`update users set role = 2 where email in ('bulk1@example.com', 'bulk2@example.com')`);
    await em.execute(`update users set name = name || '.' where email like 'bulk%'`);
    await em.execute(`delete from users where email like 'bulk1_@example.com'`);
    for (const role of [undefined, ROLE.member, ROLE.admin]) {
      const meta = await counted(role);
      expect(meta.total).toBe(await actual(role));
      expect(meta.last_page).toBe(Math.max(1, Math.ceil(meta.total / 10)));
    }
    await em.execute(`delete from users where email like 'bulk%@example.com'`);
    expect((await counted()).total).toBe(await actual());
  });

  it("reads a bad page as page 1, as Laravel's paginator does", async () => {
    const res = await rest(ctx.app, 'GET', '/api/admin/admin?page=0', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.meta.current_page).toBe(1);
  });

  it('is admin.users.list through tRPC, with the same role checks', async () => {
    expect((await trpc(ctx.app, 'query', 'admin.users.list', { page: 1 })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.users.list', { page: 1 }, memberToken)).status).toBe(403);
    const res = await trpc(ctx.app, 'query', 'admin.users.list', { page: 1, search: 'boss' }, adminToken);
    expect(res.data.data).toHaveLength(1);
    expect(res.data.meta.total).toBe(1);
  });
});

// Users: create, read, edit, set a password, switch features, delete (docs/spec/admin.md §§5 and 7).

let bossId: number;
const login = (email: string, password: string) => rest(ctx.app, 'POST', '/api/login', { body: { email, password } });
/** A REST call as the boss by default; `null` calls anonymously. */
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token: string | null = adminToken,
) => rest(ctx.app, method, url, { token: token ?? undefined, ...(body === undefined ? {} : { body }) });
/** An admin.users mutation through tRPC, as the boss by default. */
const mutation = (procedure: string, input: unknown, token = adminToken) =>
  trpc(ctx.app, 'mutation', `admin.users.${procedure}`, input, token);
const created = async (overrides: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/admin/admin', {
    name: 'Made By Admin',
    email: `made${Date.now()}${Math.random().toString(36).slice(2)}@example.com`,
    password: 'made-pass-1',
    user_type: 1,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; email: string; name: string };
};

beforeAll(async () => {
  bossId = (await em().findOneOrFail(User, { email: 'boss@example.com' })).id;
});

/** Every call of an {id}: anonymous 401, member 403, unknown id 404 (and a non-numeric one). */
describe.each([
  ['GET', ''],
  ['PATCH', ''],
  ['PUT', ''],
  ['DELETE', ''],
  ['PATCH', '/access'],
] as const)('%s /api/admin/admin/{id}%s role checks', (method, suffix) => {
  it('is 401 anonymous, 403 for a member and 404 for an unknown id', async () => {
    const target = await created();
    const url = (id: number | string) => `/api/admin/admin/${id}${suffix}`;
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect(await call(method, url(target.id), body, null)).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(await call(method, url(target.id), body, memberToken)).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    for (const id of ['999999', 'abc', '0']) {
      expect(await call(method, url(id), body)).toMatchObject({ status: 404, body: { message: M.notFound } });
    }
    expect(await em().count(User, { id: target.id })).toBe(1);
  });
});

describe('POST /api/admin/admin', () => {
  it('creates a member who signs in and starts with the PAR-Q, and an admin who goes straight in', async () => {
    const res = await call('POST', '/api/admin/admin', {
      name: '  New Member ',
      email: 'New.Member@Example.com',
      password: 'new-member-1',
      user_type: '1',
    });
    expect(res).toMatchObject({ status: 201, body: { message: M.created } });
    const data = adminUserSchema.strict().parse(res.body.data);
    expect(data).toMatchObject({
      name: 'New Member',
      email: 'new.member@example.com',
      user_type: 1,
      subscriber: false,
      access_overrides: {},
    });
    const session = await login('new.member@example.com', 'new-member-1');
    expect(session.body).toMatchObject({ user_role: 1, initial_setup: 1, initial_setup_step: 1 });
    expect(await em().count(Evolution, { user: data.id })).toBe(1);

    const admin = await call('POST', '/api/admin/admin', {
      name: 'Second Coach',
      email: 'coach2@example.com',
      password: 'coach-pass',
      user_type: 2,
    });
    expect(admin.body.data).toMatchObject({ user_type: 2, role: 2 });
    expect((await login('coach2@example.com', 'coach-pass')).body).toMatchObject({ user_role: 2, initial_setup: 0 });
  });

  it("answers docs/spec/admin.md §5's messages in Laravel's 422 shape and creates nothing", async () => {
    const before = await em().count(User, {});
    const empty = await call('POST', '/api/admin/admin', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Enter the name. (and 3 more errors)',
      errors: {
        name: [M.nameRequired],
        email: ['The email is required'],
        password: [M.passwordRequired],
        user_type: ['The user type is Admin or User'],
      },
    });
    const blank = await call('POST', '/api/admin/admin', { name: ' ', email: ' ', password: '', user_type: '' });
    expect(blank.body.errors).toEqual({
      name: [M.nameRequired],
      email: ['The email is required'],
      password: [M.passwordRequired],
      user_type: ['The user type is Admin or User'],
    });
    const bad = await call('POST', '/api/admin/admin', {
      name: 'X',
      email: 'not-an-email',
      password: '12345',
      user_type: 3,
    });
    expect(bad.body.errors).toEqual({
      email: ['The email is must be an email'],
      password: ['The min length of password is 6'],
      user_type: ['The user type is Admin or User'],
    });
    const taken = await call('POST', '/api/admin/admin', {
      name: 'X',
      email: 'BOSS@example.com',
      password: 'taken-pass-1',
      user_type: 1,
    });
    expect(taken).toMatchObject({ status: 422, body: { errors: { email: ['The email has already been taken.'] } } });
    expect(await em().count(User, {})).toBe(before);
  });

  it('refuses a null character in a name or a search with 422 rather than failing in the database', async () => {
    const before = await em().count(User, {});
    const nul = await call('POST', '/api/admin/admin', {
      name: 'A\u0000B',
      email: 'nul-name@example.com',
      password: '123456',
      user_type: 1,
    });
    expect(nul).toMatchObject({ status: 422, body: { errors: { name: [M.nameNul] } } });
    expect(await em().count(User, {})).toBe(before);
    expect((await call('GET', '/api/admin/admin?search=%00')).status).toBe(422);
  });

  it('is 401 anonymous and 403 for a member', async () => {
    const body = { name: 'X', email: 'x-denied@example.com', password: '123456', user_type: 1 };
    expect((await call('POST', '/api/admin/admin', body, null)).status).toBe(401);
    expect((await call('POST', '/api/admin/admin', body, memberToken)).status).toBe(403);
    expect(await em().count(User, { email: 'x-denied@example.com' })).toBe(0);
  });

  it('is admin.users.create through tRPC, with the same messages', async () => {
    const res = await mutation('create', {
      name: 'Via tRPC',
      email: 'via-trpc@example.com',
      password: 'new-member-1',
      user_type: 1,
    });
    expect(res.data).toMatchObject({ message: M.created, data: { email: 'via-trpc@example.com' } });
    const bad = await mutation('create', { name: 'Via tRPC', email: 'nope', password: '1', user_type: 9 });
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({
      email: ['The email is must be an email'],
      password: ['The min length of password is 6'],
      user_type: ['The user type is Admin or User'],
    });
    expect((await mutation('create', {}, memberToken)).status).toBe(403);
  });
});

describe('GET /api/admin/admin/{id}', () => {
  it('answers the user in data, with the access map in effect; tRPC admin.users.get the same', async () => {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
    const res = await call('GET', `/api/admin/admin/${member.userId}`);
    expect(res.status).toBe(200);
    const data = adminUserSchema.strict().parse(res.body.data);
    expect(data).toMatchObject({ id: member.userId, user_type: 1, subscriber: true, access_overrides: {} });
    expect(data.access).toMatchObject({
      evolution_page: false,
      warrior_channel: true,
      superhuman_channel: true,
      immortal_channel: false,
    });
    expect((await trpc(ctx.app, 'query', 'admin.users.get', { id: member.userId }, adminToken)).data).toEqual(
      res.body.data,
    );
    expect((await trpc(ctx.app, 'query', 'admin.users.get', { id: 999999 }, adminToken)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'admin.users.get', { id: member.userId }, memberToken)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'admin.users.get', { id: member.userId })).status).toBe(401);
  });
});

describe('PATCH /api/admin/admin/{id}', () => {
  it('changes name and email; the user signs in with the new email', async () => {
    const user = await created({ password: 'patch-pass' });
    const res = await call('PATCH', `/api/admin/admin/${user.id}`, { name: 'Renamed', email: 'Renamed@Example.com' });
    expect(res).toMatchObject({
      status: 200,
      body: { message: M.updated, data: { id: user.id, name: 'Renamed', email: 'renamed@example.com', user_type: 1 } },
    });
    expect((await login('renamed@example.com', 'patch-pass')).status).toBe(200);
    // Its own email again is not "taken".
    expect(
      (await call('PATCH', `/api/admin/admin/${user.id}`, { name: 'Renamed', email: 'renamed@example.com' })).status,
    ).toBe(200);
  });

  it("answers the edit form's messages, refuses a taken email and changes nothing", async () => {
    const user = await created();
    const empty = await call('PATCH', `/api/admin/admin/${user.id}`, {});
    expect(empty.body).toEqual({
      message: 'Enter the name. (and 1 more error)',
      errors: { name: [M.nameRequired], email: ['The email is required'] },
    });
    expect((await call('PATCH', `/api/admin/admin/${user.id}`, { name: 'Ok', email: 'nope@' })).body.errors).toEqual({
      email: ['Invalid email'],
    });
    expect(
      (await call('PATCH', `/api/admin/admin/${user.id}`, { name: 'Ok', email: 'ok@example.com', user_type: 5 })).body
        .errors,
    ).toEqual({ user_type: ['The user type is Admin or User'] });
    expect(
      (await call('PATCH', `/api/admin/admin/${user.id}`, { name: 'Ok', email: 'boss@example.com' })).body.errors,
    ).toEqual({ email: ['The email has already been taken.'] });
    expect(await em().findOneOrFail(User, { id: user.id })).toMatchObject({ name: user.name, email: user.email });
  });

  it('promotes and demotes others, but an admin cannot change their own type', async () => {
    const user = await created();
    expect(
      (await call('PATCH', `/api/admin/admin/${user.id}`, { name: user.name, email: user.email, user_type: 2 })).body
        .data.user_type,
    ).toBe(2);
    expect(
      (await call('PATCH', `/api/admin/admin/${user.id}`, { name: user.name, email: user.email, user_type: 1 })).body
        .data.user_type,
    ).toBe(1);
    const self = await call('PATCH', `/api/admin/admin/${bossId}`, {
      name: 'Boss',
      email: 'boss@example.com',
      user_type: 1,
    });
    expect(self).toMatchObject({ status: 422, body: { errors: { user_type: [M.selfDemote] } } });
    expect((await em().findOneOrFail(User, { id: bossId })).role).toBe(ROLE.admin);
    // Saving one's own details without changing the type is fine.
    expect(
      (await call('PATCH', `/api/admin/admin/${bossId}`, { name: 'Boss', email: 'boss@example.com', user_type: 2 }))
        .status,
    ).toBe(200);
  });

  it('is admin.users.update through tRPC', async () => {
    const user = await created();
    const res = await mutation('update', { id: user.id, name: 'Through tRPC', email: user.email });
    expect(res.data.data.name).toBe('Through tRPC');
    const bad = await mutation('update', { id: user.id, name: '', email: 'x' });
    expect(bad.error.data.errors).toEqual({ name: [M.nameRequired], email: ['Invalid email'] });
    expect((await mutation('update', { id: 999999, name: 'a', email: 'a@example.com' })).status).toBe(404);
  });
});

describe('PUT /api/admin/admin/{id}', () => {
  it('sets the password and ends every session the user had; the new password signs in', async () => {
    const member = await trainingMember(ctx.app);
    const user = await em().findOneOrFail(User, { id: member.userId });
    const fork = em();
    fork.create(PasswordReset, {
      user: user.id,
      tokenHash: 'x'.repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    } as never);
    await fork.flush();
    const res = await call('PUT', `/api/admin/admin/${member.userId}`, {
      password: 'set-by-coach',
      password_confirmation: 'set-by-coach',
    });
    expect(res).toEqual({ status: 200, headers: expect.anything(), body: { message: M.passwordSet } });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: member.token })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'auth.me', undefined, member.token)).status).toBe(401);
    expect((await login(user.email, 'secret-pass')).status).toBe(422);
    const fresh = await login(user.email, 'set-by-coach');
    expect(fresh.status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: fresh.body.access_token })).status).toBe(200);
    expect(await em().count(PasswordReset, { user: user.id })).toBe(0);
  });

  it("answers the form's messages and changes nothing", async () => {
    const user = await created({ password: 'kept-pass' });
    const empty = await call('PUT', `/api/admin/admin/${user.id}`, {});
    expect(empty.body.errors).toEqual({
      password: [M.passwordRequired],
      password_confirmation: [M.confirmationRequired],
    });
    const mismatch = await call('PUT', `/api/admin/admin/${user.id}`, {
      password: 'abcdef',
      password_confirmation: 'abcdeg',
    });
    expect(mismatch).toMatchObject({
      status: 422,
      body: {
        message: 'The repeat password must be same as password',
        errors: { password_confirmation: ['The repeat password must be same as password'] },
      },
    });
    const short = await call('PUT', `/api/admin/admin/${user.id}`, { password: 'abc', password_confirmation: 'abd' });
    expect(short.body.errors).toEqual({
      password: ['The min length of password is 6'],
      password_confirmation: ['The repeat password must be same as password'],
    });
    expect((await login(user.email, 'kept-pass')).status).toBe(200);
  });

  it("refuses the admin's own password (that needs the current one, on the Change Password screen)", async () => {
    const self = await call('PUT', `/api/admin/admin/${bossId}`, {
      password: 'boss-new-1',
      password_confirmation: 'boss-new-1',
    });
    expect(self).toMatchObject({ status: 422, body: { errors: { password: [M.selfPassword] } } });
    expect((await login('boss@example.com', 'boss-pass-1')).status).toBe(200);
  });

  it('is admin.users.setPassword through tRPC, and revokes there too', async () => {
    const user = await created({ password: 'before-1' });
    const token = (await login(user.email, 'before-1')).body.access_token;
    const res = await mutation('setPassword', { id: user.id, password: 'after-11', password_confirmation: 'after-11' });
    expect(res.data).toEqual({ message: M.passwordSet });
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).status).toBe(401);
    expect((await mutation('setPassword', { id: user.id, password: 'x' })).error.data.errors).toEqual({
      password: ['The min length of password is 6'],
      password_confirmation: [M.confirmationRequired],
    });
  });
});

describe('PATCH /api/admin/admin/{id}/access', () => {
  it("switches micro_data off and the member's very next call says customised macros are off; on again, they are back", async () => {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
    const macrosBefore = await rest(ctx.app, 'GET', '/api/user/evolution/macro_data', { token: member.token });
    expect(macrosBefore.body.message).not.toBe(SUPERHUMAN_MESSAGE.macrosOff);
    const off = await call('PATCH', `/api/admin/admin/${member.userId}/access`, { micro_data: false });
    expect(off).toMatchObject({
      status: 200,
      body: {
        message: M.accessUpdated,
        data: { access_overrides: { micro_data: false }, access: { micro_data: false } },
      },
    });
    expect(await rest(ctx.app, 'GET', '/api/user/evolution/macro_data', { token: member.token })).toMatchObject({
      status: 403,
      body: { message: SUPERHUMAN_MESSAGE.macrosOff },
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: member.token })).body.access.micro_data).toBe(false);
    await call('PATCH', `/api/admin/admin/${member.userId}/access`, { micro_data: 'true' });
    expect(
      (await rest(ctx.app, 'GET', '/api/user/evolution/macro_data', { token: member.token })).body.message,
    ).not.toBe(SUPERHUMAN_MESSAGE.macrosOff);
  });

  it('opens the evolution page early, closes a paid channel and opens one the active plan lacks', async () => {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.warrior });
    const res = await call('PATCH', `/api/admin/admin/${member.userId}/access`, {
      evolution_page: true,
      warrior_channel: false,
      superhuman_channel: true,
    });
    expect(res.body.data.access).toMatchObject({
      evolution_page: true,
      warrior_channel: false,
      superhuman_channel: true,
    });
    expect(res.body.data.access_plan).toEqual({
      evolution_page: false,
      warrior_channel: true,
      superhuman_channel: false,
      immortal_channel: false,
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: member.token })).body.access).toMatchObject({
      evolution_page: true,
      warrior_channel: false,
      superhuman_channel: true,
    });
    // Flags not sent stay as they were.
    const again = await mutation('setAccess', { id: member.userId, warrior_channel: true });
    expect(again.data.data.access_overrides).toEqual({
      evolution_page: true,
      warrior_channel: true,
      superhuman_channel: true,
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: member.token })).body.access.warrior_channel).toBe(true);
  });

  it('forces a feature on, then off, then back to the plan, by REST and tRPC; the member follows each step', async () => {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.warrior });
    const patch = (body: Record<string, unknown>) => call('PATCH', `/api/admin/admin/${member.userId}/access`, body);
    const viaTrpc = async (input: Record<string, unknown>) =>
      (await mutation('setAccess', { id: member.userId, ...input })).data;
    const seen = async () => (await rest(ctx.app, 'GET', '/api/user', { token: member.token })).body.access;
    const meals = async () => (await rest(ctx.app, 'GET', '/api/user/meal/group', { token: member.token })).status;
    const trend = async () => (await rest(ctx.app, 'GET', '/api/user/evolution/trend', { token: member.token })).status;
    expect([(await seen()).superhuman_channel, await meals(), await trend()]).toEqual([false, 403, 403]);

    // Forced on: a Warrior member reads Superhuman content and the chamber before calibrating.
    const on = await patch({ superhuman_channel: true, evolution_page: 'true' });
    expect(on.body.data).toMatchObject({
      access_overrides: { superhuman_channel: true, evolution_page: true },
      access: { superhuman_channel: true, evolution_page: true },
      access_plan: { superhuman_channel: false, evolution_page: false },
    });
    expect([(await seen()).superhuman_channel, await meals(), await trend()]).toEqual([true, 200, 200]);

    // Forced off: the plan's warrior channel closes, saying an admin switched it off.
    const off = await viaTrpc({ warrior_channel: false, superhuman_channel: false });
    expect(off.data.access_overrides).toEqual({
      superhuman_channel: false,
      evolution_page: true,
      warrior_channel: false,
    });
    expect(
      await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/evolution', { token: member.token }),
    ).toMatchObject({ status: 403, body: { message: SERVER_MESSAGE.switchedOff } });
    expect(await meals()).toBe(403);

    // Back to the plan (null): no override is left, and the member gets what the warrior plan gives.
    const back = await patch({ warrior_channel: null, superhuman_channel: 'null' });
    expect(back.body.data.access_overrides).toEqual({ evolution_page: true });
    expect(await viaTrpc({ evolution_page: null })).toMatchObject({
      message: M.accessUpdated,
      data: {
        access_overrides: {},
        access: { evolution_page: false, warrior_channel: true, superhuman_channel: false },
      },
    });
    expect(await seen()).toEqual({
      evolution_page: false,
      warrior_channel: true,
      superhuman_channel: false,
      immortal_channel: false,
    });
    expect([await meals(), await trend()]).toEqual([403, 403]);
    expect((await em().findOneOrFail(User, { id: member.userId })).access).toEqual({});

    // The plan opens the chamber with the first calibration; an admin's forced off outlasts it.
    await em().nativeUpdate(Evolution, { user: member.userId }, { needCalibration: false });
    expect([(await seen()).evolution_page, await trend()]).toEqual([true, 200]);
    const closed = await patch({ evolution_page: false });
    expect(closed.body.data).toMatchObject({
      access: { evolution_page: false },
      access_plan: { evolution_page: true },
    });
    expect(await trend()).toBe(403);
  });

  it('the migration to overrides keeps what each member gets from flags stored the old way', async () => {
    const member = async (channel: number, access: Record<string, boolean>, needCalibration: boolean) => {
      const m = await trainingMember(ctx.app, { channel });
      await rest(ctx.app, 'GET', '/api/user', { token: m.token });
      await em().nativeUpdate(Evolution, { user: m.userId }, { needCalibration });
      await em().nativeUpdate(User, { id: m.userId }, { access });
      return m;
    };
    // Before: a calibration wrote evolution_page true; a stored true never opened a channel or macros the plan lacked.
    const calibratedOn = await member(CHANNEL.superhuman, { evolution_page: true, micro_data: true }, false);
    const early = await member(CHANNEL.warrior, { evolution_page: true, superhuman_channel: true }, true);
    const closed = await member(CHANNEL.warrior, { evolution_page: false, warrior_channel: false }, false);
    const unflagged = await member(CHANNEL.warrior, {}, false);
    const { Migration20261127053000_access_follows_plan: Step } =
      await import('../../migrations/Migration20261127053000_access_follows_plan.ts');
    const step = new Step(ctx.app.orm.em.getDriver(), ctx.app.orm.config);
    await step.up();
    for (const query of step.getQueries())
      await em()
        .getConnection()
        .execute(query as string);

    const stored = async (m: { userId: number }) => (await em().findOneOrFail(User, { id: m.userId })).access;
    const seen = async (m: { token: string }) =>
      (await rest(ctx.app, 'GET', '/api/user', { token: m.token })).body.access;
    expect(await stored(calibratedOn)).toEqual({});
    expect(await seen(calibratedOn)).toMatchObject({ evolution_page: true, superhuman_channel: true });
    expect(await stored(early)).toEqual({ evolution_page: true });
    expect(await seen(early)).toMatchObject({ evolution_page: true, warrior_channel: true, superhuman_channel: false });
    expect(await stored(closed)).toEqual({ evolution_page: false, warrior_channel: false });
    expect(await seen(closed)).toMatchObject({ evolution_page: false, warrior_channel: false });
    expect(await stored(unflagged)).toEqual({ evolution_page: false });
    expect((await seen(unflagged)).evolution_page).toBe(false);
  });

  it('refuses an empty change, a value that is not on or off, and admins (422), changing nothing', async () => {
    const member = await trainingMember(ctx.app);
    expect((await call('PATCH', `/api/admin/admin/${member.userId}/access`, {})).body.errors).toEqual({
      access: [M.accessNothing],
    });
    expect(
      (await call('PATCH', `/api/admin/admin/${member.userId}/access`, { micro_data: 'maybe' })).body.errors,
    ).toEqual({ micro_data: [M.accessFlag] });
    expect((await call('PATCH', `/api/admin/admin/${bossId}/access`, { micro_data: false })).body.errors).toEqual({
      access: [M.accessMembersOnly],
    });
    expect((await em().findOneOrFail(User, { id: member.userId })).access).toEqual({});
  });
});

describe('DELETE /api/admin/admin/{id}', () => {
  it('removes a member and their data as their own deletion does: provider subscription and customer, files, rows', async () => {
    const member = subscriberRegistration();
    const reg = await rest(ctx.app, 'POST', '/api/register/subscription', { body: member });
    expect(reg.status).toBe(201);
    const userId = reg.body.user_id as number;
    await em().nativeUpdate(User, { id: userId }, { initialSetup: 0, initialSetupStep: 3 });
    expect((await uploadPhoto(ctx.app, reg.body.access_token)).status).toBe(201);
    const sub = await em().findOneOrFail(Subscription, { user: userId });
    const files = () => readdirSync(join(ctx.dataDir, 'uploads')).filter((f) => !f.startsWith('seed-'));
    expect(files()).toHaveLength(1);

    const res = await call('DELETE', `/api/admin/admin/${userId}`);
    expect(res).toMatchObject({ status: 200, body: { message: M.deleted } });
    expect(fake.subscriptions.get(sub.providerSubscriptionId!)!.status).toBe('canceled');
    expect(fake.customers.has(sub.providerCustomerId!)).toBe(false);
    expect(files()).toHaveLength(0);
    for (const entity of [ContactDetails, Subscription, Evolution, Media] as const) {
      expect(await em().count(entity as never, entity === Media ? { owner: userId } : { user: userId })).toBe(0);
    }
    expect(await em().count(User, { id: userId })).toBe(0);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: reg.body.access_token })).status).toBe(401);
    expect((await call('DELETE', `/api/admin/admin/${userId}`)).status).toBe(404);
  });

  it('deletes another admin, never oneself', async () => {
    const other = await signedInAdmin(ctx.app);
    expect(await call('DELETE', `/api/admin/admin/${bossId}`)).toMatchObject({
      status: 422,
      body: { errors: { user: [M.selfDelete] } },
    });
    expect(await em().count(User, { id: bossId })).toBe(1);
    expect((await mutation('delete', { id: other.userId })).data).toEqual({
      message: M.deleted,
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: other.token })).status).toBe(401);
    expect((await mutation('delete', { id: other.userId })).status).toBe(404);
  });
});

describe('the REST description', () => {
  it('documents every user call in /api/openapi.json', async () => {
    const { body } = await rest(ctx.app, 'GET', '/api/openapi.json');
    expect(Object.keys(body.paths['/admin/admin']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(body.paths['/admin/admin/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(Object.keys(body.paths['/admin/admin/{id}/access'])).toEqual(['patch']);
    const password = body.paths['/admin/admin/{id}'].put.requestBody.content['application/json'].schema.$ref as string;
    expect(body.components.schemas[password.split('/').pop()!].required).toEqual(['password', 'password_confirmation']);
  });
});

describe('the last admin', () => {
  const serviceContext = (actor: Actor): SignedInContext => ({
    em: em(),
    config: ctx.app.config,
    tokens: ctx.app.tokens,
    limits: ctx.app.limits,
    ip: '127.0.0.1',
    actor,
  });

  it('cannot be deleted or demoted, even by a caller who is not that admin', async () => {
    // Leave the boss as the only admin.
    for (const a of await em().find(User, { role: ROLE.admin, id: { $ne: bossId } }))
      expect((await call('DELETE', `/api/admin/admin/${a.id}`)).status).toBe(200);
    const someone = await em().findOneOrFail(User, { role: ROLE.member }, { orderBy: { id: 'asc' } });
    const actor: Actor = {
      me: someone,
      user: someone,
      jti: 'test',
      exp: Math.floor(Date.now() / 1000) + 60,
      membership: { subscription: null, evolution: null },
    };
    await expect(deleteUser(serviceContext(actor), { id: bossId })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { user: [M.lastAdmin] },
    });
    await expect(
      updateUser(serviceContext(actor), { id: bossId, name: 'Boss', email: 'boss@example.com', user_type: 1 }),
    ).rejects.toMatchObject({ status: 422, fieldErrors: { user: [M.lastAdmin] } });
    expect(await em().findOneOrFail(User, { id: bossId })).toMatchObject({ role: ROLE.admin });
  });

  it('survives two admins deleting each other at the same moment: one wins, one admin is left', async () => {
    const other = await signedInAdmin(ctx.app);
    const [a, b] = await Promise.all([
      call('DELETE', `/api/admin/admin/${other.userId}`),
      call('DELETE', `/api/admin/admin/${bossId}`, undefined, other.token),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].every((s) => s === 200 || s === 401 || s === 422)).toBe(true);
    expect(await em().count(User, { role: ROLE.admin })).toBe(1);
  });
});

describe('the last admin, racing', () => {
  it('survives two admins demoting each other, or one demoting while the other deletes, at the same moment: no 500, one admin is left', async () => {
    for (const race of ['demote', 'delete', 'demote', 'delete'] as const) {
      const first = await signedInAdmin(ctx.app);
      // Leave first as the only admin, then add a second.
      await em().nativeUpdate(User, { role: ROLE.admin, id: { $ne: first.userId } }, { role: ROLE.member });
      const second = await signedInAdmin(ctx.app);
      const demote = (id: number, token: string) =>
        call(
          'PATCH',
          `/api/admin/admin/${id}`,
          { name: 'Admin', email: `admin-${id}@example.com`, user_type: 1 },
          token,
        );
      const results = await Promise.all([
        demote(second.userId, first.token),
        race === 'demote'
          ? demote(first.userId, second.token)
          : call('DELETE', `/api/admin/admin/${first.userId}`, undefined, second.token),
      ]);
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `${race}: ${statuses.join(', ')}`,
      ).toHaveLength(1);
      expect(
        statuses.every((s) => [200, 401, 403, 422].includes(s)),
        `${race}: ${statuses.join(', ')}`,
      ).toBe(true);
      expect(await em().count(User, { role: ROLE.admin })).toBe(1);
    }
  });
});
