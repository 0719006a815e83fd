import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../src/config.ts';
import { useTestApp } from './helpers/database.ts';
import { newAdmin, subscribedMember, createFixtures, type Account, type Fixtures } from './authz/fixtures.ts';
import { CALLERS, MATRIX_PUSH_HOST, restMatrix, trpcMatrix, type Call, type Caller, type Row } from './authz/matrix.ts';
import { registeredProcedures, registeredRoutes } from './authz/registered.ts';
import { refusalShapeProblem, sendRest, sendTrpc, type Answer } from './authz/request.ts';

// Uploads land in a folder of this file's own; Stripe's webhook is configured so a signed delivery can be told apart;
// the matrix's push devices are on a push service of its own.
const dataDir = mkdtempSync(join(tmpdir(), 'evolution-authz-'));
const webhookSecret = 'whsec_authz_matrix';
const ctx = useTestApp({
  dataDir,
  stripeWebhookSecret: webhookSecret,
  pushEndpointHosts: [MATRIX_PUSH_HOST],
  // Every caller of the matrix asks a reset link for the same member: the per-email limit is not what it checks.
  signInThrottles: { ...testConfig().signInThrottles, resetEmail: { points: 100, windowSeconds: 3600 } },
});
let fx: Fixtures;

beforeAll(async () => {
  fx = await createFixtures(ctx.app);
  // Real HTTP for what app.inject cannot carry: tRPC uploads (FormData) and the event stream.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The account a cell runs as: A, B and the admin, or a fresh one of the same kind where the row spends it. */
async function accountFor(row: Row, who: Caller): Promise<Account | null> {
  if (who === 'anonymous') return null;
  if (row.fresh) {
    if (who === 'admin') return newAdmin(ctx.app);
    return typeof row.fresh === 'function' ? row.fresh(fx) : subscribedMember(ctx.app);
  }
  return { member: fx.memberA, otherMember: fx.memberB, admin: fx.admin }[who];
}

/** Runs one row for every caller and answers what differs from the table (empty when the row holds). */
async function runRow(surface: 'rest' | 'trpc', name: string, row: Row): Promise<string[]> {
  const problems: string[] = [];
  for (const who of CALLERS) {
    const account = await accountFor(row, who);
    const call: Call = (await row.call?.({ fx, who, account })) ?? {};
    const answer: Answer =
      surface === 'rest'
        ? await sendRest(ctx.app, name, call, account?.token ?? null)
        : await sendTrpc(ctx.app, name, call, account?.token ?? null);
    const expected = row.expect[who];
    if (answer.status !== expected)
      problems.push(`${who}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 300)}`);
    if (answer.status >= 400) {
      const shape = refusalShapeProblem(surface, answer);
      if (shape) problems.push(`${who}: refusal not in the documented shape: ${shape}`);
    }
    // Another member asking for A's record learns nothing of A (the shape check above already allows no data).
    if (who === 'otherMember' && answer.status >= 400 && answer.text.includes(fx.memberA.email))
      problems.push("otherMember: the refusal carries A's email");
  }
  return problems;
}

/**
 * The status a caller's event stream ends up with: 200 once the server registered it with its listener; for a refusal
 * tRPC opens the stream, sends the error as its only event and ends it, so the status is that error's (-1 if any other
 * event came through).
 */
async function liveStatus(who: Caller): Promise<number> {
  const account = { anonymous: null, member: fx.memberA, otherMember: fx.memberB, admin: fx.admin }[who];
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const listeners = ctx.app.live.size;
  const abort = new AbortController();
  const res = await fetch(`${base}/trpc/live.events`, {
    signal: abort.signal,
    headers: account ? { authorization: `Bearer ${account.token}` } : {},
  });
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/event-stream')) return res.status;
  let settled = false;
  const refused = res.text().then(
    (text) => {
      const error = /event: serialized-error\ndata: (.+)\n/.exec(text);
      return text.match(/^event: (?!connected|serialized-error).*/gm) || !error
        ? -1
        : (JSON.parse(error[1]!).data.httpStatus as number);
    },
    () => 0,
  );
  const opened = vi
    .waitFor(
      () => {
        if (!settled && ctx.app.live.size <= listeners) throw new Error('not registered yet');
      },
      { timeout: 5000, interval: 20 },
    )
    .then(
      () => 200,
      () => 0,
    );
  const status = await Promise.race([refused, opened]);
  settled = true;
  abort.abort();
  // The stream is gone from the listener before the next caller's is counted.
  await vi.waitFor(
    () => {
      if (ctx.app.live.size !== listeners) throw new Error('still registered');
    },
    { timeout: 20_000, interval: 20 },
  );
  return status;
}

describe('the authorisation matrix', () => {
  it('has a row for every registered REST route and tRPC procedure, and none for anything unregistered', () => {
    const routes = registeredRoutes(ctx.app);
    const procedures = registeredProcedures();
    expect(routes.length).toBeGreaterThan(100);
    expect({
      routesWithoutRow: routes.filter((r) => !(r in restMatrix)),
      rowsWithoutRoute: Object.keys(restMatrix).filter((r) => !routes.includes(r)),
    }).toEqual({ routesWithoutRow: [], rowsWithoutRoute: [] });
    expect({
      proceduresWithoutRow: procedures.filter((p) => !(p in trpcMatrix)),
      rowsWithoutProcedure: Object.keys(trpcMatrix).filter((p) => !procedures.includes(p)),
    }).toEqual({ proceduresWithoutRow: [], rowsWithoutProcedure: [] });
  });

  describe('REST', () => {
    it.each(Object.entries(restMatrix))('%s', async (name, row) => {
      expect(await runRow('rest', name, row)).toEqual([]);
    });

    it('POST /api/stripe/webhook: a delivery signed with the endpoint secret is accepted (200)', async () => {
      const payload = JSON.stringify({
        id: `evt_authz_${Date.now()}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        type: 'invoice.created',
        data: { object: { id: 'in_authz' } },
      });
      const signature = new Stripe('sk_unset').webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(res.statusCode).toBe(restMatrix['POST /api/stripe/webhook']!.expect.stripe);
    });
  });

  describe('tRPC', () => {
    const rows = Object.entries(trpcMatrix).filter(([name]) => !name.startsWith('subscription '));
    it.each(rows)('%s', async (name, row) => {
      expect(await runRow('trpc', name, row)).toEqual([]);
    });

    it('subscription live.events: the stream opens for any signed-in user; without a token it carries only the 401 and ends', async () => {
      const observed = Object.fromEntries(
        await CALLERS.reduce(
          async (done, who) => [...(await done), [who, await liveStatus(who)] as const],
          Promise.resolve([] as (readonly [Caller, number])[]),
        ),
      );
      const { stripe: _webhookOnly, ...expected } = trpcMatrix['subscription live.events']!.expect;
      expect(observed).toEqual(expected);
    });
  });
});
