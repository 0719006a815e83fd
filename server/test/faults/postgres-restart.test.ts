import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { migrateUp } from '../../src/db/migrate.ts';
import { createOrm } from '../../src/db/orm.ts';
import { seedChannels } from '../../src/db/seed.ts';
import { UNAVAILABLE_MESSAGE } from '../../src/errors.ts';
import { trainingMember } from '../helpers/training.ts';

// This file stops and starts a PostgreSQL of its own (the run's shared one serves other files meanwhile): a persistent
// embedded cluster on a fixed port and data folder, so the restarted server is the same database at the same address.
const dataDir = mkdtempSync(join(tmpdir(), 'evolution-faults-pg-'));
let port: number;
let database: EmbeddedDatabase;
let databaseUp = false;
let app: FastifyInstance;
let base: string;
let token: string;

const startDatabase = () => startEmbeddedPostgres({ dataDir, port, persistent: true });

beforeAll(async () => {
  port = await freePort();
  database = await startDatabase();
  databaseUp = true;
  await migrateUp(database.url);
  // Channels and plans are all these requests need (the programme and meal pictures would only slow the file down).
  const orm = await createOrm(database.url);
  await seedChannels(orm.em.fork());
  await orm.close(true);
  app = await buildApp({ ...testConfig({ dataDir }), databaseUrl: database.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ({ token } = await trainingMember(app));
});

/** Waits for a cleanup step at most `ms`, saying so when it had to give up (the run goes on either way). */
const bounded = (what: string, step: Promise<unknown> | undefined, ms = 20_000) =>
  Promise.race([
    step,
    new Promise((resolve) =>
      setTimeout(() => resolve(console.warn(`${what} still running after ${ms} ms; going on`)), ms).unref(),
    ),
  ]);

afterAll(async () => {
  // The app closes with its database up (a failed test may have left it stopped).
  if (!databaseUp) database = await startDatabase();
  // Once, under a full parallel run, closing here hung past the hook's limit (not reproduced alone): bounded, so one
  // stuck cleanup cannot fail the run; the server itself exits after its grace period (main.ts).
  await bounded('closing the app', app?.close());
  await bounded('stopping PostgreSQL', database?.stop());
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/**
 * The kinds of request the load mixes: public and signed-in reads and a write, on both surfaces, and the health check.
 * The channel list is content each instance may keep in memory: while the database is down it may still answer 200.
 */
const KINDS = {
  'REST channel list': { path: '/api/channel', cached: true },
  'REST start-up (bearer)': { path: '/api/user', auth: true },
  'REST work volume (write)': { path: '/api/user/sets', auth: true, method: 'PATCH', body: { number_of_sets: 24 } },
  'tRPC channel list': { path: '/trpc/channels.list', trpc: true, cached: true },
  'tRPC start-up (bearer)': { path: '/trpc/auth.me', auth: true, trpc: true },
  'tRPC work volume (write)': {
    path: '/trpc/account.updateSets',
    auth: true,
    trpc: true,
    method: 'POST',
    body: { number_of_sets: 18 },
  },
  healthz: { path: '/healthz' },
} as const satisfies Record<
  string,
  { path: string; auth?: boolean; trpc?: boolean; method?: string; body?: unknown; cached?: boolean }
>;
type Kind = keyof typeof KINDS;
const needsDatabase = (kind: Kind) => !('cached' in KINDS[kind]);

interface Answer {
  kind: Kind;
  sentAt: number;
  answeredAt: number;
  status: number;
  retryAfter: string | null;
  body: any;
}

/** Sends the mixed requests over real HTTP from `loops` concurrent clients until stopped; every answer is kept. */
function steadyLoad(loops: number) {
  const answers: Answer[] = [];
  let running = true;
  const kinds = Object.keys(KINDS) as Kind[];
  const client = async (offset: number) => {
    for (let i = offset; running; i++) {
      const kind = kinds[i % kinds.length]!;
      const spec: { path: string; auth?: boolean; method?: string; body?: unknown } = KINDS[kind];
      const sentAt = performance.now();
      const res = await fetch(base + spec.path, {
        method: spec.method ?? 'GET',
        headers: {
          ...(spec.auth ? { authorization: `Bearer ${token}` } : {}),
          ...(spec.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(spec.body ? { body: JSON.stringify(spec.body) } : {}),
      });
      const text = await res.text();
      answers.push({
        kind,
        sentAt,
        answeredAt: performance.now(),
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: JSON.parse(text),
      });
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, n) => client(n * 2)));
  return {
    answers,
    /** Resolves once every kind of `of` has an answer sent after `since` that satisfies `ok`. */
    async until(since: number, ok: (a: Answer) => boolean, of: Kind[] = kinds, timeoutMs = 15_000) {
      const start = Date.now();
      const missing = () => of.filter((kind) => !answers.some((a) => a.kind === kind && a.sentAt >= since && ok(a)));
      while (missing().length) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`no such answer within ${timeoutMs} ms for: ${missing().join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After on both surfaces while it is down, and 200 again once it is back, without a server restart', async () => {
    const load = steadyLoad(4);
    try {
      const start = performance.now();
      await load.until(start, (a) => a.status === 200);

      await database.stop();
      databaseUp = false;
      const down = performance.now();
      await load.until(down, (a) => a.status === 503, (Object.keys(KINDS) as Kind[]).filter(needsDatabase));
      const restarting = performance.now();
      database = await startDatabase();
      databaseUp = true;
      const up = performance.now();
      await load.until(up, (a) => a.status === 200);
      // A little more steady load on the restarted database.
      await load.until(performance.now(), (a) => a.status === 200);
      await load.stop();

      const { answers } = load;
      // Never a 500 or anything else, even for the requests cut in the middle by the shutdown.
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]));
      const refused = answers.filter((a) => a.status === 503);
      const shapeOf = (a: Answer) => ({
        kind: a.kind,
        retryAfter: a.retryAfter,
        body: a.kind.startsWith('tRPC')
          ? { message: a.body.error.message, code: a.body.error.data.code, httpStatus: a.body.error.data.httpStatus }
          : a.body,
      });
      const documented = (a: Answer) => {
        if (a.kind === 'healthz') return { kind: a.kind, retryAfter: null, body: { status: 'unavailable' } };
        if (a.kind.startsWith('tRPC'))
          return {
            kind: a.kind,
            retryAfter: '5',
            body: { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
          };
        return { kind: a.kind, retryAfter: '5', body: { message: UNAVAILABLE_MESSAGE } };
      };
      expect(refused.map(shapeOf)).toEqual(refused.map(documented));
      // While it was down every request that needs it was refused; sent once it was back, every one succeeded.
      const whileDown = answers.filter((a) => a.sentAt >= down && a.answeredAt <= restarting && needsDatabase(a.kind));
      expect(whileDown.length).toBeGreaterThanOrEqual(Object.keys(KINDS).length - 2);
      expect(whileDown.filter((a) => a.status !== 503)).toEqual([]);
      const afterUp = answers.filter((a) => a.sentAt >= up);
      expect(afterUp.length).toBeGreaterThanOrEqual(2 * Object.keys(KINDS).length);
      expect(afterUp.filter((a) => a.status !== 200)).toEqual([]);
      console.log(
        `PostgreSQL restart: ${answers.length} answers, ${refused.length} refused with 503 while down, ${afterUp.length} after it was back, all 200`,
      );
    } finally {
      await load.stop();
    }
  });

  it('keeps the writes made before and after the restart: the member and their work volume are there', async () => {
    const me = await fetch(`${base}/api/user/sets`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { number_of_sets: number } }).data.number_of_sets).toBeOneOf([18, 24]);
  });
});
