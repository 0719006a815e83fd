import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPathInput } from '../src/trpc/http.ts';
import { newMember, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

// The tRPC fast path (server/src/trpc/http.ts) answers a single query by GET without tRPC's adapter. Each call here is
// sent twice: as it comes (the fast path, for the queries it serves) and with `trpc-accept: application/json`, a
// header tRPC ignores (only application/jsonl asks it for a stream) that sends the call to the adapter. The answers
// must be the same, byte for byte: status, headers (but the transport's) and body.
const ctx = useTestApp();

let member: string;
let admin: string;
let revoked: string;
let sql: pg.Client;

beforeAll(async () => {
  member = (await trpc(ctx.app, 'mutation', 'auth.register', newMember())).data.access_token;
  admin = (await signedInAdmin(ctx.app)).token;
  revoked = (await trpc(ctx.app, 'mutation', 'auth.register', newMember())).data.access_token;
  const logout = await trpc(ctx.app, 'mutation', 'auth.logout', undefined, revoked);
  if (logout.status !== 200) throw new Error(`logout answered ${logout.status}`);
  sql = new pg.Client({ connectionString: ctx.databaseUrl });
  await sql.connect();
});
afterAll(() => sql?.end());

/** Headers that describe the transport, not the answer: the fast path sends a length, the adapter a stream. */
const TRANSPORT = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);
const answerHeaders = (res: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !TRANSPORT.has(name)));

/** The GET sent through the fast path's door and through the adapter's; both answers, once shown to be the same. */
async function sameAnswer(url: string, token?: string, headers: Record<string, string> = {}) {
  const send = (extra: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress: '10.20.30.40',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers, ...extra },
    });
  const fast = await send({});
  const adapter = await send({ 'trpc-accept': 'application/json' });
  expect({ status: fast.statusCode, headers: answerHeaders(fast) }).toEqual({
    status: adapter.statusCode,
    headers: answerHeaders(adapter),
  });
  expect(fast.rawPayload.equals(adapter.rawPayload), `${fast.body}\n${adapter.body}`).toBe(true);
  return { status: fast.statusCode, headers: fast.headers, body: JSON.parse(fast.body) };
}

/** Whether the fast path takes a GET (the route's own test of a request). */
function takesFastPath(url: string, headers: Record<string, string> = {}) {
  const path = url.slice('/trpc/'.length).split('?')[0]!;
  return fastPathInput({ method: 'GET', url, params: { path }, headers } as unknown as FastifyRequest) !== undefined;
}

const me = (input?: unknown) =>
  `/trpc/auth.me${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

/** For the length of `run`, the token check's table is a view whose reading fails with SQLSTATE `code`. */
async function whileTokenCheckFails(code: string, run: () => Promise<void>) {
  await sql.query(`
    alter table revoked_tokens rename to revoked_tokens_kept;
    create function fast_path_fault() returns setof revoked_tokens_kept language plpgsql as $$
      begin raise exception 'provoked by trpc-fast-path.test.ts' using errcode = '${code}'; end $$;
    create view revoked_tokens as select * from fast_path_fault();`);
  try {
    await run();
  } finally {
    await sql.query(`
      drop view revoked_tokens;
      drop function fast_path_fault();
      alter table revoked_tokens_kept rename to revoked_tokens;`);
  }
}

describe('the tRPC fast path answers as tRPC’s adapter does', () => {
  it('serves a single GET of auth.me, and leaves anything else to the adapter', () => {
    for (const url of [me(), me({}), me({ a: 'x\u0000' }), '/trpc/auth.me?input='])
      expect([url, takesFastPath(url)]).toEqual([url, true]);
    for (const [url, headers] of [
      ['/trpc/auth.me?batch=1&input=%7B%7D', {}],
      ['/trpc/auth.me?input=%7B', {}],
      ['/trpc/auth.me?input=%7B%7D&connectionParams=1', {}],
      ['/trpc/auth.nope', {}],
      ['/trpc/channels.list', {}],
      ['/trpc/auth.logout', {}],
      [me(), { 'trpc-accept': 'application/json' }],
      [me(), { accept: 'application/json, application/jsonl' }],
      [me(), { 'content-type': 'multipart/form-data; boundary=x' }],
    ] as const)
      expect([url, headers, takesFastPath(url, headers)]).toEqual([url, headers, false]);
  });

  it('a signed-in member and admin: 200 with the start-up data', async () => {
    const asMember = await sameAnswer(me(), member);
    expect(asMember.status).toBe(200);
    expect(asMember.body.result.data).toMatchObject({ user_role: 1 });
    // The fast path sends its answer whole; the adapter streams it: two routes, one answer.
    expect(asMember.headers['content-length']).toBeDefined();
    const asAdmin = await sameAnswer(me(), admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.result.data).toMatchObject({ user_role: 2 });
    expect((await sameAnswer(me({ ignored: true }), member)).status).toBe(200);
    expect((await sameAnswer('/trpc/auth.me?input=', member)).status).toBe(200);
  });

  it('no token, a revoked one, a forged one: 401', async () => {
    for (const token of [undefined, revoked, 'not-a-jwt']) {
      const res = await sameAnswer(me(), token);
      expect(res.status).toBe(401);
      expect(res.body.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, path: 'auth.me' });
    }
  });

  it('an input with a NUL character: 422 with the field errors', async () => {
    const res = await sameAnswer(me({ note: 'a\u0000b' }), member);
    expect(res.status).toBe(422);
    expect(res.body.error.data.errors).toEqual({ note: [expect.stringContaining('null character')] });
  });

  it('the database out of reach: 503 with Retry-After', async () => {
    await whileTokenCheckFails('08006', async () => {
      const res = await sameAnswer(me(), member);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    });
  });

  it('an unexpected failure: 500 saying only that the server failed', async () => {
    await whileTokenCheckFails('XX000', async () => {
      const res = await sameAnswer(me(), member);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('provoked');
    });
    expect((await sameAnswer(me(), member)).status).toBe(200);
  });

  it('calls the fast path leaves to the adapter: 400, 403, 404, 405, 422', async () => {
    expect((await sameAnswer('/trpc/auth.me?input=%7B', member)).status).toBe(400);
    expect((await sameAnswer('/trpc/admin.users.list?input=%7B%7D', member)).status).toBe(403);
    expect((await sameAnswer('/trpc/auth.nope', member)).status).toBe(404);
    expect((await sameAnswer('/trpc/auth.logout', member)).status).toBe(405);
    const invalid = await sameAnswer(`/trpc/admin.users.list?input=${encodeURIComponent('{"categoryId":7}')}`, admin);
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.data.errors).toHaveProperty('categoryId');
  });
});
