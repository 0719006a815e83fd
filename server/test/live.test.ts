import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { notifyLive, type LiveEvent } from '../src/services/live.ts';
import type { AppRouter } from '../src/trpc/router.ts';
import { newMember, rest, signedInAdmin } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { subscribeLive } from './helpers/liveEvents.ts';

// Two server instances on one database: clients subscribe over real HTTP on the first, events are sent through the second.
const ctx = useTestApp();
let second: FastifyInstance;
let firstUrl: string;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  firstUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  second = await buildApp({ ...testConfig(), databaseUrl: ctx.databaseUrl });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

async function member() {
  const res = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
  return { token: res.body.access_token as string, userId: res.body.user_id as number };
}

const notify = (app: FastifyInstance, event: LiveEvent) => notifyLive(app.orm.em.fork(), event);
async function until(check: () => boolean, timeout = 5000) {
  await expect.poll(check, { timeout, interval: 20 }).toBe(true);
}

describe('live events', () => {
  it('reach the subscribed user on another instance; another user and a member never get what is not theirs', async () => {
    const [alice, bob, admin] = [await member(), await member(), await signedInAdmin(ctx.app)];
    const a = subscribeLive(ctx.app, firstUrl, alice.token);
    await a.registered();
    const b = subscribeLive(ctx.app, firstUrl, bob.token);
    await b.registered();
    const boss = subscribeLive(ctx.app, firstUrl, admin.token);
    await boss.registered();

    await notify(second, { topic: 'flag', id: 7, userIds: [alice.userId] });
    await notify(second, { topic: 'flag', id: 8, userIds: [], admins: true });
    // The last event is for everyone: once each has it, anything before it would have arrived too (one ordered stream).
    await notify(second, { topic: 'message', id: 9, userIds: [alice.userId, bob.userId], admins: true });
    await until(() => [a, b, boss].every((s) => s.topics().some((t) => t.topic === 'message' && t.id === 9)));

    expect(a.topics()).toEqual([
      { topic: 'flag', id: 7 },
      { topic: 'message', id: 9 },
    ]);
    expect(b.topics()).toEqual([{ topic: 'message', id: 9 }]);
    expect(boss.topics()).toEqual([
      { topic: 'flag', id: 8 },
      { topic: 'message', id: 9 },
    ]);
    // Tracked ids: the client sends the last one back when it reconnects.
    expect(a.received.every((r) => typeof r.id === 'string' && r.id.length > 0)).toBe(true);
    for (const s of [a, b, boss]) s.stop();
    await expect.poll(() => ctx.app.live.size).toBe(0);
  });

  it('are sent on commit only: a rolled-back write tells nobody', async () => {
    const alice = await member();
    const a = subscribeLive(ctx.app, firstUrl, alice.token);
    await a.registered();
    await expect(
      second.orm.em.fork().transactional(async (em) => {
        await notifyLive(em, { topic: 'flag', id: 1, userIds: [alice.userId] });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await second.orm.em.fork().transactional(async (em) => {
      await notifyLive(em, { topic: 'flag', id: 2, userIds: [alice.userId] });
      // Not before the commit.
      await new Promise((r) => setTimeout(r, 200));
      expect(a.received).toEqual([]);
    });
    await until(() => a.received.length === 1);
    expect(a.topics()).toEqual([{ topic: 'flag', id: 2 }]);
    a.stop();
  });

  it('reach every member of a long audience (sent in several notifications)', async () => {
    const alice = await member();
    const a = subscribeLive(ctx.app, firstUrl, alice.token);
    await a.registered();
    const others = Array.from({ length: 1200 }, (_, i) => 1_000_000 + i);
    await notify(second, { topic: 'message', id: 3, userIds: [...others, alice.userId] });
    await until(() => a.received.length === 1);
    expect(a.topics()).toEqual([{ topic: 'message', id: 3 }]);
    a.stop();
  });

  it('need a signed-in user', async () => {
    const anonymous = subscribeLive(ctx.app, firstUrl, null);
    await until(() => anonymous.errors.length === 1);
    const error = anonymous.errors[0];
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
    const forged = subscribeLive(ctx.app, firstUrl, 'not-a-token');
    await until(() => forged.errors.length === 1);
    expect((forged.errors[0] as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
    expect(ctx.app.live.size).toBe(0);
  });

  it('end with 401, delivering nothing more, once the token is revoked (a logout) while the stream is open', async () => {
    const carol = await member();
    const c = subscribeLive(ctx.app, firstUrl, carol.token);
    await c.registered();
    await notify(ctx.app, { topic: 'flag', id: 1, userIds: [carol.userId] });
    await until(() => c.received.length === 1);
    expect((await rest(ctx.app, 'GET', '/api/logout', { token: carol.token })).status).toBeLessThan(300);
    await notify(ctx.app, { topic: 'flag', id: 2, userIds: [carol.userId] });
    await until(() => c.errors.length === 1);
    expect((c.errors[0] as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
    expect(c.topics()).toEqual([{ topic: 'flag', id: 1 }]);
    c.stop();
  });

  it('stay open for a remember-me token, which outlives the longest timer Node can set (24.8 days)', async () => {
    const dave = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: dave });
    const login = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: dave.email, password: dave.password, remember: true },
    });
    const claims = ctx.app.jwt.decode<{ sub: string; iat: number; exp: number }>(login.body.access_token as string)!;
    expect(claims.exp - claims.iat).toBeGreaterThan((2 ** 31 - 1) / 1000);
    const d = subscribeLive(ctx.app, firstUrl, login.body.access_token as string);
    await d.registered();
    // A timer set past its limit fires after 1 ms: the stream would be over by now.
    await new Promise((r) => setTimeout(r, 300));
    await notify(second, { topic: 'flag', id: 4, userIds: [Number(claims.sub)] });
    await until(() => d.received.length + d.errors.length > 0);
    expect(d.errors).toEqual([]);
    expect(d.topics()).toEqual([{ topic: 'flag', id: 4 }]);
    d.stop();
  });

  it('tell a client that comes back with its last event id to resync', async () => {
    const alice = await member();
    const a = subscribeLive(ctx.app, firstUrl, alice.token, { lastEventId: 'abc-12' });
    await until(() => a.received.length === 1);
    expect(a.topics()).toEqual([{ topic: 'resync' }]);
    a.stop();
  });

  it('survive a dropped LISTEN connection: it comes back and subscribers are told to resync', async () => {
    const alice = await member();
    const a = subscribeLive(ctx.app, firstUrl, alice.token);
    await a.registered();
    // Ends every live listener on this database (both instances'); each reconnects on its own.
    await ctx.app.orm.em
      .fork()
      .execute(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'evolution-live'",
      );
    await until(() => a.topics().some((t) => t.topic === 'resync'));
    await notify(second, { topic: 'flag', id: 11, userIds: [alice.userId] });
    await until(() => a.topics().some((t) => t.topic === 'flag' && t.id === 11));
    expect(a.errors).toEqual([]);
    a.stop();
  });

  it('end with a retryable error when their instance closes (promptly); the client reconnects to its successor and resyncs', async () => {
    const third = await buildApp({ ...testConfig(), databaseUrl: ctx.databaseUrl });
    await third.listen({ port: 0, host: '127.0.0.1' });
    const port = (third.server.address() as AddressInfo).port;
    const alice = await member();
    const a = subscribeLive(third, `http://127.0.0.1:${port}`, alice.token);
    await a.registered();
    await notify(second, { topic: 'flag', id: 21, userIds: [alice.userId] });
    await until(() => a.received.length === 1);
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(3000);
    // The same address, served by a new instance (a restart): the client comes back by itself.
    const fourth = await buildApp({ ...testConfig(), databaseUrl: ctx.databaseUrl });
    try {
      await fourth.listen({ port, host: '127.0.0.1' });
      await expect.poll(() => fourth.live.size, { timeout: 10_000 }).toBe(1);
      await until(() => a.topics().some((t) => t.topic === 'resync'));
      await notify(second, { topic: 'flag', id: 22, userIds: [alice.userId] });
      await until(() => a.topics().some((t) => t.topic === 'flag' && t.id === 22));
      expect(a.errors).toEqual([]);
      a.stop();
    } finally {
      await fourth.close();
    }
  }, 20_000);
});
