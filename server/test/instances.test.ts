import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildApp } from '../src/app.ts';
import { repoRoot, testConfig } from '../src/config.ts';
import { createOrm } from '../src/db/orm.ts';
import { RevokedToken } from '../src/entities/index.ts';
import { createMember } from '../src/services/auth.ts';
import { PURGE_REVOKED_TOKENS_TASK, QUEUE_MAINTENANCE_TASK } from '../src/services/jobs.ts';
import { newMember, rest, signedInAdmin } from './helpers/api.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { subscribeLive } from './helpers/liveEvents.ts';
import { trainingMember } from './helpers/training.ts';

// Two server instances built by the production buildApp on ONE database, each listening on a real port, as two
// replicas behind a load balancer are: what one learns (a throttle, a logout, a message, a schedule) the other knows.

let database: TestDatabase;
let sql: pg.Client;
let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let urlB: string;

const HOUR = 3_600_000;
const SCHEDULED = [PURGE_REVOKED_TOKENS_TASK, QUEUE_MAINTENANCE_TASK];
// Fixtures for the hourly jobs, written before either instance starts.
const tokens = { expired: 'e'.repeat(64), live: 'l'.repeat(64) };
const failedJobs = { old: '', recent: '' };

beforeAll(async () => {
  const config = testConfig({ jobPollIntervalMs: 200 });
  database = await createTestDatabase(config.dataDir);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();

  // A member with two ended sessions: one past its expiry (purged), one not yet (kept: it must still be refused).
  const orm = await createOrm(database.url);
  try {
    await orm.em.fork().transactional(async (em) => {
      const user = await createMember(em, {
        email: `purged-${Date.now()}@example.com`,
        name: 'Purge Check',
        password: 'not-a-hash',
      });
      em.create(RevokedToken, { jti: tokens.expired, user, expiresAt: new Date(Date.now() - HOUR) });
      em.create(RevokedToken, { jti: tokens.live, user, expiresAt: new Date(Date.now() + HOUR) });
    });
  } finally {
    await orm.close(true);
  }
  // Remember-me tokens' last uses: one past its token's expiry (purged with the revoked tokens), one not yet.
  await sql.query(
    `insert into remembered_tokens (jti, last_used_at, expires_at) values ($1, now(), now() - interval '1 hour'), ($2, now(), now() + interval '1 hour')`,
    [tokens.expired, tokens.live],
  );
  // Two mails that failed for good: one 40 days ago (past the 30 days kept for inspection), one yesterday.
  for (const [name, days] of [
    ['old', 40],
    ['recent', 1],
  ] as const) {
    const { rows } = await sql.query<{ id: string }>(
      `select id from graphile_worker.add_job('send_mail', '{"to":"nobody@example.com","subject":"x","text":"x"}'::json, run_at => now() + interval '1 day', max_attempts => 1)`,
    );
    failedJobs[name] = rows[0]!.id;
    await sql.query(
      `update graphile_worker._private_jobs set attempts = 1, last_error = 'refused', updated_at = now() - make_interval(days => $2) where id = $1`,
      [rows[0]!.id, days],
    );
  }
  // Password-reset rows: one whose link ended 8 days ago (gone after 7), one ended yesterday (kept); payment webhook ids:
  // one received 31 days ago (gone after 30), one yesterday (kept).
  const {
    rows: [someone],
  } = await sql.query<{ id: number }>('select id from users order by id limit 1');
  await sql.query(
    `insert into password_resets (user_id, token_hash, expires_at, created_at) values
    ($1, $2, now() - interval '8 days', now() - interval '8 days'), ($1, $3, now() - interval '1 day', now() - interval '1 day')`,
    [someone!.id, 'o'.repeat(64), 'r'.repeat(64)],
  );
  await sql.query(`insert into payment_events (id, provider, type, received_at) values
    ('evt_old', 'stripe', 'invoice.paid', now() - interval '31 days'), ('evt_recent', 'stripe', 'invoice.paid', now() - interval '1 day')`);
  // Throttle rows: one whose window ended two hours ago, one still counting.
  await sql.query('insert into rate_limits (key, points, expire) values ($1, 5, $2), ($3, 1, $4)', [
    'login:old|10.0.0.1',
    Date.now() - 2 * HOUR,
    'login:now|10.0.0.1',
    Date.now() + 60_000,
  ]);

  // Both schedules last ran two hours ago (every instance was down since): the hour's missed run of each must be made
  // up once, though two workers start side by side and both see it missing.
  await sql.query(
    `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution) select unnest($1::text[]), now() - interval '1 day', now() - interval '2 hours'`,
    [SCHEDULED],
  );
  // Every job of the scheduled tasks queued (insert) and completed (delete), with the schedule's time it stands for.
  await sql.query(`
    create table test_scheduled_jobs (task text not null, event text not null, scheduled_for text);
    create function test_log_scheduled_job() returns trigger language plpgsql as $$
    declare
      job graphile_worker._private_jobs := case when tg_op = 'INSERT' then new else old end;
      task text := (select identifier from graphile_worker._private_tasks where id = job.task_id);
    begin
      if task = any (array['${PURGE_REVOKED_TOKENS_TASK}', '${QUEUE_MAINTENANCE_TASK}']) then
        insert into test_scheduled_jobs values (task, lower(tg_op), job.payload -> '_cron' ->> 'ts');
      end if;
      return null;
    end $$;
    create trigger test_log_scheduled_job after insert or delete on graphile_worker._private_jobs
      for each row execute function test_log_scheduled_job();
  `);

  [a, b] = await Promise.all([
    buildApp({ ...config, databaseUrl: database.url }),
    buildApp({ ...config, databaseUrl: database.url }),
  ]);
  await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
  urlA = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await sql?.end();
  await database?.drop();
});

/** A JSON call over real HTTP to one instance (every call comes from 127.0.0.1). */
async function call(baseUrl: string, method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
}

describe('two instances on one database', () => {
  it('hold one login throttle: failures on either count together, and the next try on both is a 429', async () => {
    const member = newMember();
    expect((await rest(a, 'POST', '/api/register', { body: member })).status).toBe(201);
    const wrong = { email: member.email, password: 'wrong-password' };
    // The limit is 5 failures a minute per email and address: spent alternately on the two instances.
    for (const base of [urlA, urlB, urlA, urlB, urlA])
      expect((await call(base, 'POST', '/api/login', { body: wrong })).status).toBe(422);
    const refusedB = await call(urlB, 'POST', '/api/login', { body: wrong });
    expect(refusedB).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refusedB.headers.get('x-ratelimit-limit')).toBe('5');
    // Even the right password waits out the window, on the instance that saw fewer failures too.
    expect(
      (await call(urlA, 'POST', '/api/login', { body: { email: member.email, password: member.password } })).status,
    ).toBe(429);
    // The count lives in PostgreSQL, not in either process.
    const { rows } = await sql.query<{ points: number }>('select points from rate_limits where key = $1', [
      `login:${member.email}|127.0.0.1`,
    ]);
    expect(rows[0]!.points).toBeGreaterThanOrEqual(6);
  });

  it("serve an admin's content edit made on one from the other, and an edit made by hand in SQL from both", async () => {
    const channelName = async (base: string) =>
      (await call(base, 'GET', '/api/channel')).body.data.find((c: { id: number }) => c.id === 1).name as string;
    // Both instances have read (and keep) the channel list.
    expect([await channelName(urlA), await channelName(urlB)]).toEqual(['Warrior', 'Warrior']);
    const admin = await signedInAdmin(a);
    try {
      expect(
        (await call(urlA, 'PUT', '/api/admin/channel/1', { token: admin.token, body: { name: 'Warrior Elite' } }))
          .status,
      ).toBe(200);
      // A's own copy is dropped before its answer; B's when the database tells it (on commit).
      expect(await channelName(urlA)).toBe('Warrior Elite');
      await expect.poll(() => channelName(urlB), { timeout: 20_000 }).toBe('Warrior Elite');
      // Programme content edited outside the app reaches both as well.
      const member = await trainingMember(b);
      const versionTitle = async (base: string) =>
        (await call(base, 'GET', '/api/user/channel/warrior/general/evolution', { token: member.token })).body.data.at(
          -1,
        ).title as string;
      const before = await versionTitle(urlB);
      await versionTitle(urlA);
      await sql.query("update page_categories set name = 'Version 1: Groundwork' where version = 1");
      await expect.poll(() => versionTitle(urlA), { timeout: 20_000 }).toBe('Version 1: Groundwork');
      await expect.poll(() => versionTitle(urlB), { timeout: 20_000 }).toBe('Version 1: Groundwork');
      await sql.query('update page_categories set name = $1 where version = 1', [before]);
    } finally {
      await call(urlA, 'PUT', '/api/admin/channel/1', { token: admin.token, body: { name: 'Warrior' } });
    }
  });

  it('refuse on one a token that signed out on the other', async () => {
    const { body } = await rest(a, 'POST', '/api/register', { body: newMember() });
    const token = body.access_token as string;
    expect((await call(urlB, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await call(urlA, 'GET', '/api/logout', { token })).status).toBe(200);
    expect(await call(urlB, 'GET', '/api/user', { token })).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect((await call(urlA, 'GET', '/api/user', { token })).status).toBe(401);
  });

  it('deliver a message sent through one to its member subscribed on the other', async () => {
    const member = await trainingMember(a);
    const coach = await signedInAdmin(a);
    const sub = subscribeLive(b, urlB, member.token);
    try {
      await sub.registered();
      const sent = await call(urlA, 'POST', '/api/admin/message', {
        token: coach.token,
        body: { recipient_id: member.userId, subject: 'Across instances', message: 'Sent on A, heard on B.' },
      });
      expect(sent.status).toBe(201);
      await expect
        .poll(() => sub.topics(), { timeout: 20_000, interval: 20 })
        .toContainEqual({ topic: 'message', id: sent.body.data.id });
    } finally {
      sub.stop();
    }
  });

  it('run each missed hourly job once between them, and the jobs do their work', async () => {
    // Both instances were ready only after their schedules were registered and the missed runs queued.
    await expect
      .poll(
        async () =>
          (await sql.query(`select count(*)::int as n from test_scheduled_jobs where event = 'delete'`)).rows[0].n,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(2);
    const { rows } = await sql.query<{ task: string; scheduled_for: string; queued: number; completed: number }>(`
      select task, scheduled_for, count(*) filter (where event = 'insert')::int as queued, count(*) filter (where event = 'delete')::int as completed
      from test_scheduled_jobs group by task, scheduled_for order by task, scheduled_for`);
    // One row per (task, hour): a test that straddles hh:00 or hh:30 adds that hour's regular run, still once.
    for (const task of SCHEDULED) {
      const runs = rows.filter((r) => r.task === task);
      expect(runs.length).toBeGreaterThanOrEqual(1);
      for (const run of runs) expect(run).toMatchObject({ queued: 1 });
      const made = runs[0]!;
      expect(made.completed).toBe(1);
      // The made-up run stands for the hour's slot missed within the last hour.
      expect(Date.now() - Date.parse(made.scheduled_for)).toBeLessThanOrEqual(HOUR + 60_000);
    }
    // Revoked tokens: the expired one purged, the one still valid kept.
    expect(
      (await sql.query('select jti from revoked_tokens where jti = any($1)', [[tokens.expired, tokens.live]])).rows,
    ).toEqual([{ jti: tokens.live }]);
    expect(
      (await sql.query('select jti from remembered_tokens where jti = any($1)', [[tokens.expired, tokens.live]])).rows,
    ).toEqual([{ jti: tokens.live }]);
    // Failed mail: kept 30 days for inspection, then deleted.
    expect(
      (
        await sql.query('select id from graphile_worker._private_jobs where id = any($1::bigint[])', [
          [failedJobs.old, failedJobs.recent],
        ])
      ).rows,
    ).toEqual([{ id: failedJobs.recent }]);
    // Throttle rows: gone an hour after their window ended.
    expect((await sql.query(`select key from rate_limits where key like 'login:%|10.0.0.1'`)).rows).toEqual([
      { key: 'login:now|10.0.0.1' },
    ]);
    // Password-reset rows a week past their link, payment webhook ids past 30 days: gone; the recent ones kept.
    expect(
      (
        await sql.query(`select token_hash from password_resets where token_hash = any($1)`, [
          ['o'.repeat(64), 'r'.repeat(64)],
        ])
      ).rows,
    ).toEqual([{ token_hash: 'r'.repeat(64) }]);
    expect((await sql.query(`select id from payment_events where id like 'evt_%' order by id`)).rows).toEqual([
      { id: 'evt_recent' },
    ]);
  });
});

describe('the compose file', () => {
  type Service = {
    image?: string;
    build?: { context: string; dockerfile: string };
    deploy?: { replicas?: number };
    environment?: Record<string, string>;
    depends_on?: string[] | Record<string, unknown>;
    ports?: string[];
  };
  const compose = parse(readFileSync(join(repoRoot, 'docker', 'compose.yaml'), 'utf8')) as {
    name: string;
    services: Record<string, Service>;
  };
  const caddyfile = readFileSync(join(repoRoot, 'docker', 'Caddyfile'), 'utf8');

  it('runs two app replicas from docker/Dockerfile on one PostgreSQL, behind a reverse proxy with a pinned image', () => {
    const { app, db, proxy } = compose.services;
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile' });
    expect(readFileSync(join(repoRoot, 'docker', 'Dockerfile'), 'utf8')).toMatch(/EXPOSE 3000/);
    expect(app?.environment?.DATABASE_URL).toMatch(/@db:5432\//);
    // Every replica signs with one secret, and throttles count per client behind the proxy.
    expect(app?.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(app?.environment?.TRUST_PROXY).toBe('uniquelocal');
    expect(app?.ports).toBeUndefined();
    // A replica being stopped tells the proxy (its /healthz turns 503) before it stops accepting.
    expect(app?.environment?.SHUTDOWN_DRAIN_MS).toMatch(/:-[1-9]\d*\}$/);
    expect(db?.image).toMatch(/^postgres:\d+/);
    // A proxy image with an exact version, so a deployment does not change under the operator.
    expect(proxy?.image).toMatch(/:\d+\.\d+\.\d+/);
    expect(proxy?.depends_on).toContain('app');
    // The proxy balances over exactly the replicas compose starts (named <project>-app-<n>), checking /healthz.
    const upstreams = caddyfile
      .match(/reverse_proxy ([^{]+)\{/)![1]!
      .trim()
      .split(/\s+/);
    expect(upstreams).toEqual(
      Array.from({ length: app!.deploy!.replicas! }, (_, i) => `${compose.name}-app-${i + 1}:3000`),
    );
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });
});
