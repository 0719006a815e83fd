import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { newMember, rest } from './helpers/api.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

// REDIS_URL set: the sign-in throttles of every instance are counted in Redis (a real redis-server this file starts on
// a free port), and sign-in keeps working, throttled per instance, while Redis is away.

const hasRedis = spawnSync('redis-server', ['--version']).error === undefined;
if (!hasRedis)
  console.warn(
    'rate-limits-redis.test.ts skipped: no redis-server on PATH (Debian: apt-get install redis-server; .ci/run installs it).',
  );

let redisServer: ChildProcess | undefined;
let redis: Redis;
let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

beforeAll(async () => {
  if (!hasRedis) return;
  const port = await freePort();
  redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    redisServer!.stdout!.on('data', (chunk: Buffer) => {
      log += chunk;
      if (log.includes('Ready to accept connections')) resolve();
    });
    redisServer!.once('exit', (code) => reject(new Error(`redis-server stopped (${code}):\n${log}`)));
  });
  const redisUrl = `redis://127.0.0.1:${port}`;
  redis = new Redis(redisUrl);
  // This test's own client: the second test stops the server under it on purpose.
  redis.on('error', () => {});
  const config = testConfig({
    redisUrl,
    signInThrottles: {
      address: { points: 8, windowSeconds: 600 },
      account: { points: 6, windowSeconds: 3600 },
      resetEmail: { points: 2, windowSeconds: 3600 },
    },
  });
  database = await createTestDatabase(config.dataDir);
  [a, b] = await Promise.all([
    buildApp({ ...config, databaseUrl: database.url }),
    buildApp({ ...config, databaseUrl: database.url }),
  ]);
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  redis?.disconnect();
  if (redisServer && redisServer.exitCode === null) {
    redisServer.kill('SIGKILL');
    await once(redisServer, 'exit');
  }
  await database?.drop();
});

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  rest(app, 'POST', '/api/login', { body: { email, password }, ip });

describe.skipIf(!hasRedis)('sign-in throttles in Redis (REDIS_URL)', () => {
  it('are shared by two instances and counted in Redis, not PostgreSQL', async () => {
    const member = newMember();
    expect((await rest(a, 'POST', '/api/register', { body: member })).status).toBe(201);
    const ip = '10.77.0.1';
    for (const app of [a, b, a, b, a]) expect((await login(app, member.email, 'wrong-password', ip)).status).toBe(422);
    const refused = await login(b, member.email, 'wrong-password', ip);
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a, member.email, member.password, ip)).status).toBe(429);

    const key = `login:${member.email}|${ip}`;
    expect(Number(await redis.get(key))).toBeGreaterThanOrEqual(6);
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      expect((await sql.query('select count(*)::int as n from rate_limits')).rows[0].n).toBe(0);
    } finally {
      await sql.end();
    }
  });

  it('count spraying, spread-out guessing and reset mails across instances in Redis', async () => {
    const member = newMember();
    expect((await rest(a, 'POST', '/api/register', { body: member })).status).toBe(201);
    // One account guessed from six addresses, through both instances: the seventh try waits, the right one too.
    for (let i = 0; i < 6; i++)
      expect((await login(i % 2 ? b : a, member.email, 'wrong-password', `10.78.0.${i + 1}`)).status).toBe(422);
    const locked = await login(b, member.email, member.password, '10.78.1.1');
    expect(locked).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(locked.headers['x-ratelimit-limit']).toBe('6');
    expect(Number(await redis.get(`login-account:${member.email}`))).toBeGreaterThanOrEqual(7);
    expect(await redis.get(`lockout-mail:${member.email}`)).toBe('1');

    // One address trying eight accounts through both instances: the ninth waits.
    const sprayer = '10.78.2.1';
    for (let i = 0; i < 8; i++)
      expect((await login(i % 2 ? b : a, `spray-${i}@example.com`, 'wrong-password', sprayer)).status).toBe(422);
    const sprayed = await login(a, 'spray-next@example.com', 'wrong-password', sprayer);
    expect([sprayed.status, sprayed.headers['x-ratelimit-limit']]).toEqual([429, '8']);
    expect(Number(await redis.get(`login-address:${sprayer}`))).toBeGreaterThanOrEqual(9);

    // Reset links for one email, asked from different addresses on either instance.
    const ask = (app: FastifyInstance, ip: string) =>
      rest(app, 'POST', '/api/password/create', { body: { email: member.email }, ip });
    expect((await ask(a, '10.78.3.1')).status).toBe(200);
    expect((await ask(b, '10.78.3.2')).status).toBe(200);
    expect((await ask(a, '10.78.3.3')).status).toBe(429);
  });

  it('keep sign-in working while Redis is down, throttled by each instance on its own', async () => {
    const member = newMember();
    expect((await rest(a, 'POST', '/api/register', { body: member })).status).toBe(201);
    redisServer!.kill('SIGTERM');
    await once(redisServer!, 'exit');
    const ip = '10.77.0.2';
    // No 500: the right password signs in, wrong ones are 422 until this instance's own count is spent.
    expect((await login(a, member.email, member.password, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(a, member.email, 'wrong-password', ip)).status).toBe(422);
    expect((await login(a, member.email, 'wrong-password', ip)).status).toBe(429);
  });
});
