import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contactAddress, newMember, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();
const em = () => ctx.app.orm.em.fork();
const sqlRows = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

async function registered() {
  const member = newMember();
  const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
  return { ...member, token: res.body.access_token as string, userId: res.body.user_id as number };
}

/** A personal access token of the session's user, made through POST /api/user/tokens. */
async function personalToken(session: string, body: Record<string, unknown> = {}) {
  const res = await rest(ctx.app, 'POST', '/api/user/tokens', {
    token: session,
    body: { name: 'Integration', abilities: ['read'], ...body },
  });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.data.id as number };
}

const contact = contactAddress;
const unauthenticated = { message: 'Unauthenticated.' };
const readOnly = { message: 'This token may only read.' };

describe('POST /api/user/tokens', () => {
  it('answers 201 with the token, shown once, and its record; only the hash of its secret is kept', async () => {
    const m = await registered();
    const res = await rest(ctx.app, 'POST', '/api/user/tokens', {
      token: m.token,
      body: { name: ' Zapier ', abilities: ['write', 'read', 'read'], expires_at: '2099-12-31' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40}$/),
      data: {
        id: expect.any(Number),
        name: 'Zapier',
        abilities: ['read', 'write'],
        last_used_at: null,
        expires_at: '2099-12-31T23:59:59.999Z',
        created_at: expect.any(String),
      },
    });
    const [id, secret] = (res.body.token as string).split('|');
    expect(Number(id)).toBe(res.body.data.id);
    const [row] = await sqlRows<{ token: string; user_id: number }>(
      'select token, user_id from personal_access_tokens where id = ?',
      [Number(id)],
    );
    expect(row).toEqual({ token: createHash('sha256').update(secret!).digest('hex'), user_id: m.userId });
  });

  it('is a 401 without a session', async () => {
    const res = await rest(ctx.app, 'POST', '/api/user/tokens', { body: { name: 'x', abilities: ['read'] } });
    expect(res.status).toBe(401);
  });

  it("refuses bad input with Laravel's messages", async () => {
    const m = await registered();
    const post = (body: unknown) => rest(ctx.app, 'POST', '/api/user/tokens', { token: m.token, body });
    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Enter a name for the token. (and 1 more error)',
      errors: { name: ['Enter a name for the token.'], abilities: ['Choose at least one ability.'] },
    });
    expect((await post({ name: 'x', abilities: [] })).body.errors).toEqual({
      abilities: ['Choose at least one ability.'],
    });
    expect((await post({ name: 'x', abilities: ['read', 'admin'] })).body.errors).toEqual({
      'abilities.1': ['The selected abilities.1 is invalid.'],
    });
    expect((await post({ name: 'x'.repeat(256), abilities: ['read'] })).body.errors).toEqual({
      name: ['The name may not be greater than 255 characters.'],
    });
    expect((await post({ name: 'x', abilities: ['read'], expires_at: '2020-01-01' })).body.errors).toEqual({
      expires_at: ['Choose an expiry date after today.'],
    });
    expect((await post({ name: 'x', abilities: ['read'], expires_at: '2030-02-30' })).body.errors).toEqual({
      expires_at: ['Enter the expiry as a date.'],
    });
    expect((await post({ name: 'x', abilities: ['read'], expires_at: 'soon' })).body.errors).toEqual({
      expires_at: ['Enter the expiry as a date.'],
    });
  });

  it("takes a url-encoded form, abilities as PHP's indexed fields or one value", async () => {
    const m = await registered();
    const res = await rest(ctx.app, 'POST', '/api/user/tokens', {
      token: m.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Sheets&abilities[0]=read&abilities[1]=write&expires_at=',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Sheets', abilities: ['read', 'write'], expires_at: null });
    const one = await rest(ctx.app, 'POST', '/api/user/tokens', {
      token: m.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Sheets&abilities=read',
    });
    expect(one.body.data).toMatchObject({ abilities: ['read'] });
  });

  it('is refused to a personal access token: a token cannot mint another', async () => {
    const m = await registered();
    const { token } = await personalToken(m.token, { abilities: ['*'] });
    const res = await rest(ctx.app, 'POST', '/api/user/tokens', {
      token,
      body: { name: 'Child', abilities: ['read'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'A personal access token cannot create tokens: sign in with your password to make one.',
    );
  });
});

describe('GET /api/user/tokens', () => {
  it("lists the caller's tokens, newest first, without their secrets", async () => {
    const m = await registered();
    const other = await registered();
    const first = await personalToken(m.token, { name: 'First' });
    const second = await personalToken(m.token, { name: 'Second', abilities: ['*'] });
    await personalToken(other.token, { name: 'Not mine' });
    const res = await rest(ctx.app, 'GET', '/api/user/tokens', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(['Second', 'First']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['abilities', 'created_at', 'expires_at', 'id', 'last_used_at', 'name'].sort(),
    );
    expect(res.body.data[0].abilities).toEqual(['*']);
    const text = JSON.stringify(res.body);
    for (const t of [first, second]) expect(text).not.toContain(t.token.split('|')[1]);
  });
});

describe('calling with a personal access token', () => {
  it('acts as its user on GET; a read-only token is refused anything else with a 403', async () => {
    const m = await registered();
    const { token } = await personalToken(m.token);
    const me = await rest(ctx.app, 'GET', '/api/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(m.userId);
    const put = await rest(ctx.app, 'PUT', '/api/user/contact_details', { token, body: contact });
    expect(put.status).toBe(403);
    expect(put.body).toEqual(readOnly);
    // The refusal comes before the input is read, as a stranger's 401 does.
    expect((await rest(ctx.app, 'PUT', '/api/user/contact_details', { token, body: {} })).status).toBe(403);
  });

  it("is refused the spec's payment links, GETs that change the subscription, when read-only", async () => {
    const m = await registered();
    const { token } = await personalToken(m.token);
    for (const path of ['/api/user/payment/cancel', '/api/user/payment/2/change']) {
      const res = await rest(ctx.app, 'GET', path, { token });
      expect([path, res.status, res.body]).toEqual([path, 403, readOnly]);
    }
    const { token: writer } = await personalToken(m.token, { abilities: ['write'] });
    expect((await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token: writer })).body).not.toEqual(readOnly);
  });

  it('may write with write or *', async () => {
    const m = await registered();
    for (const abilities of [['write'], ['*']]) {
      const { token } = await personalToken(m.token, { abilities });
      const put = await rest(ctx.app, 'PUT', '/api/user/contact_details', { token, body: contact });
      expect(put.status).toBe(200);
    }
  });

  it('is a 401 once revoked, expired, with a wrong secret or malformed', async () => {
    const m = await registered();
    const revoked = await personalToken(m.token);
    const del = await rest(ctx.app, 'DELETE', `/api/user/tokens/${revoked.id}`, { token: m.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Token revoked.' });
    expect(await rest(ctx.app, 'GET', '/api/user', { token: revoked.token })).toMatchObject({
      status: 401,
      body: unauthenticated,
    });

    const expiring = await personalToken(m.token, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: expiring.token })).status).toBe(200);
    await sqlRows(`update personal_access_tokens set expires_at = now() - interval '1 second' where id = ?`, [
      expiring.id,
    ]);
    expect(await rest(ctx.app, 'GET', '/api/user', { token: expiring.token })).toMatchObject({
      status: 401,
      body: unauthenticated,
    });

    const good = await personalToken(m.token);
    const [id, secret] = good.token.split('|');
    const wrong = `${id}|${secret!.slice(0, -1)}${secret!.endsWith('a') ? 'b' : 'a'}`;
    for (const token of [wrong, `${good.id + 1000}|${secret}`, `x|${secret}`, `${id}|short`, `99999999999|${secret}`])
      expect(await rest(ctx.app, 'GET', '/api/user', { token })).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('keeps last_used_at to the minute: set on first use, not rewritten within the minute', async () => {
    const m = await registered();
    const { token, id } = await personalToken(m.token);
    const lastUsed = async () =>
      (
        await sqlRows<{ at: string | null }>('select last_used_at as at from personal_access_tokens where id = ?', [id])
      )[0]!.at;
    expect(await lastUsed()).toBeNull();
    await rest(ctx.app, 'GET', '/api/user', { token });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await Promise.all([1, 2, 3].map(() => rest(ctx.app, 'GET', '/api/user', { token })));
    expect(await lastUsed()).toEqual(first);
    await sqlRows(`update personal_access_tokens set last_used_at = now() - interval '61 seconds' where id = ?`, [id]);
    const aged = await lastUsed();
    await rest(ctx.app, 'GET', '/api/user', { token });
    const next = await lastUsed();
    expect(new Date(next!).getTime()).toBeGreaterThan(new Date(aged!).getTime());
    const listed = (await rest(ctx.app, 'GET', '/api/user/tokens', { token: m.token })).body.data[0];
    expect(new Date(listed.last_used_at).getTime()).toBe(new Date(next!).getTime());
  });

  it('works for an admin on the admin API, with one audit row per minute of use', async () => {
    const admin = await signedInAdmin(ctx.app);
    const { token, id } = await personalToken(admin.token, { abilities: ['write'] });
    const list = await rest(ctx.app, 'GET', '/api/admin/audit_log', { token });
    expect(list.status).toBe(200);
    const used = () =>
      sqlRows<{ admin_id: number; member_id: number | null; object_type: string; object_id: number }>(
        `select admin_id, member_id, object_type, object_id from audit_log where action = 'personal_access_token.used' and object_id = ?`,
        [id],
      );
    expect(await used()).toEqual([
      { admin_id: admin.userId, member_id: null, object_type: 'personal_access_token', object_id: id },
    ]);
    const created = await rest(ctx.app, 'POST', '/api/admin/admin', {
      token,
      body: {
        name: 'Made With A Token',
        email: `made${Date.now()}@example.com`,
        password: 'made-pass-1',
        user_type: 1,
      },
    });
    expect(created.status).toBe(201);
    expect(await used()).toHaveLength(1);
    const page = (await rest(ctx.app, 'GET', `/api/admin/audit_log?admin_id=${admin.userId}`, { token })).body;
    expect(page.data[0]).toMatchObject({
      action: 'personal_access_token.used',
      what: 'Called the API with a personal access token',
      object_id: id,
    });
    // A read-only admin token reads the admin API and writes nothing.
    const reader = await personalToken(admin.token);
    expect((await rest(ctx.app, 'GET', '/api/admin/audit_log', { token: reader.token })).status).toBe(200);
    expect(await rest(ctx.app, 'POST', '/api/admin/admin', { token: reader.token, body: {} })).toMatchObject({
      status: 403,
      body: readOnly,
    });
    // A member's token is still a member's: the admin API refuses it.
    const m = await registered();
    const memberToken = await personalToken(m.token, { abilities: ['*'] });
    expect((await rest(ctx.app, 'GET', '/api/admin/audit_log', { token: memberToken.token })).status).toBe(403);
    expect(
      await sqlRows('select 1 from audit_log where object_id = ? and action = ?', [
        memberToken.id,
        'personal_access_token.used',
      ]),
    ).toEqual([]);
  });

  it('on tRPC: a read-only token runs queries, and mutations get a 403', async () => {
    const m = await registered();
    const { token } = await personalToken(m.token);
    const query = await trpc(ctx.app, 'query', 'tokens.list', undefined, token);
    expect(query.status).toBe(200);
    expect(query.data).toHaveLength(1);
    const me = await trpc(ctx.app, 'query', 'auth.me', undefined, token);
    expect(me.status).toBe(200);
    const mutation = await trpc(ctx.app, 'mutation', 'account.updateContactDetails', contact, token);
    expect(mutation.status).toBe(403);
    expect(mutation.error.message).toBe('This token may only read.');
    const writer = await personalToken(m.token, { abilities: ['write'] });
    expect((await trpc(ctx.app, 'mutation', 'account.updateContactDetails', contact, writer.token)).status).toBe(200);
  });

  it('is left working by GET /api/logout; the session that logs out ends as before', async () => {
    const m = await registered();
    const { token } = await personalToken(m.token);
    expect((await rest(ctx.app, 'GET', '/api/logout', { token })).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/logout', { token: m.token })).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).status).toBe(200);
  });

  it('stops working when the password changes, whoever changes it', async () => {
    const m = await registered();
    const mine = await personalToken(m.token);
    const changed = await rest(ctx.app, 'PUT', '/api/user/settings/password', {
      token: m.token,
      body: { old_password: m.password, password: 'new-secret', password_confirmation: 'new-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: mine.token })).status).toBe(401);
    const session = changed.body.access_token as string;
    expect((await rest(ctx.app, 'GET', '/api/user/tokens', { token: session })).body.data).toEqual([]);

    const again = await personalToken(session);
    const admin = await signedInAdmin(ctx.app);
    const set = await rest(ctx.app, 'PUT', `/api/admin/admin/${m.userId}`, {
      token: admin.token,
      body: { password: 'admin-set-1', password_confirmation: 'admin-set-1' },
    });
    expect(set.status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: again.token })).status).toBe(401);
  });
});

describe('GET /api/user/tokens/{id}', () => {
  it("answers one of the caller's tokens, where the 201's Location points; another user's is a 404", async () => {
    const m = await registered();
    const other = await registered();
    const created = await rest(ctx.app, 'POST', '/api/user/tokens', {
      token: m.token,
      body: { name: 'One', abilities: ['read'] },
    });
    const path = `/api/user/tokens/${created.body.data.id}`;
    expect(created.headers.location).toMatch(new RegExp(`^http://localhost(:80)?${path}$`));
    const res = await rest(ctx.app, 'GET', path, { token: m.token });
    expect(res).toMatchObject({ status: 200, body: { data: created.body.data } });
    expect(await rest(ctx.app, 'GET', path, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: 'Token not found.' },
    });
  });
});

describe('DELETE /api/user/tokens/{id}', () => {
  it("is a 404 for another user's token, which keeps working", async () => {
    const owner = await registered();
    const other = await registered();
    const { token, id } = await personalToken(owner.token);
    const res = await rest(ctx.app, 'DELETE', `/api/user/tokens/${id}`, { token: other.token });
    expect(res).toMatchObject({ status: 404, body: { message: 'Token not found.' } });
    expect((await rest(ctx.app, 'DELETE', '/api/user/tokens/abc', { token: other.token })).status).toBe(404);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).status).toBe(200);
  });

  it('revokes through tRPC too, and a write token may revoke itself', async () => {
    const m = await registered();
    const a = await personalToken(m.token);
    expect((await trpc(ctx.app, 'mutation', 'tokens.revoke', { id: a.id }, m.token)).data).toEqual({
      message: 'Token revoked.',
    });
    expect((await trpc(ctx.app, 'mutation', 'tokens.revoke', { id: a.id }, m.token)).status).toBe(404);
    const b = await personalToken(m.token, { abilities: ['write'] });
    expect((await rest(ctx.app, 'DELETE', `/api/user/tokens/${b.id}`, { token: b.token })).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: b.token })).status).toBe(401);
  });

  it('creates through tRPC: the token is shown in the answer', async () => {
    const m = await registered();
    const res = await trpc(ctx.app, 'mutation', 'tokens.create', { name: 'App', abilities: ['read'] }, m.token);
    expect(res.status).toBe(200);
    expect(res.data.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: res.data.token })).status).toBe(200);
  });
});
