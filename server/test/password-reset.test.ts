import { sql } from 'kysely';
import { AsyncLocalStorage } from 'node:async_hooks';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../src/db/kysely.ts';
import { PasswordReset, User } from '../src/entities/index.ts';
import { createMember } from '../src/services/auth.ts';
import { MAIL_TASK } from '../src/services/jobs.ts';
import { PASSWORD_RESET_TASK } from '../src/services/passwordReset.ts';
import { hashPassword } from '../src/services/passwords.ts';
import { expectFieldErrors, newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { MAIL_WAIT, untilNone, useTestSmtp, waitForMails } from './helpers/smtp.ts';

// A real SMTP server in the test: the app sends through SMTP_URL and the test reads what arrived.
const { url: smtpUrl, inbox } = await useTestSmtp();
const ctx = useTestApp({
  smtpUrl,
  appUrl: 'https://evolution.example',
  mailFrom: 'Evolution <no-reply@evolution.example>',
});

const mailTo = async (email: string, since: number): Promise<string> =>
  (await waitForMails(inbox, email, { since }))[0]!;
function linkIn(mail: string) {
  const link = mail.match(/https:\/\/evolution\.example\/#\/reset-password\?[^\s]+/)?.[0];
  expect(link).toBeDefined();
  const params = new URLSearchParams(link!.split('?')[1]);
  return { token: params.get('token')!, email: params.get('email')! };
}
async function registered() {
  const member = newMember();
  const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
  return { ...member, token: res.body.access_token as string, userId: res.body.user_id as number };
}

describe('forgot and reset password', () => {
  it('emails a link through SMTP; the link resets the password once and ends every session', async () => {
    const m = await registered();
    const since = inbox.length;
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email.toUpperCase() } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for that email, we have sent a password reset link.' },
    });
    const mail = await mailTo(m.email, since);
    expect(mail).toMatch(/Subject: Reset your password/);
    expect(mail).toMatch(/From: Evolution <no-reply@evolution\.example>/);
    const link = linkIn(mail);
    expect(link.email).toBe(m.email);
    // Only the hash is stored.
    const stored = await ctx.app.orm.em.fork().findOneOrFail(PasswordReset, { user: m.userId });
    expect(stored.tokenHash).not.toContain(link.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const reset = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Your password has been reset. Please log in.' } });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(401);
    expect(
      (await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
    expect((await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: m.password } })).status).toBe(
      422,
    );
    // Single use.
    const again = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'other-pass-1', confirm_password: 'other-pass-1' },
    });
    expectFieldErrors(again, { token: ['This password reset link is invalid or has expired.'] });
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const since = inbox.length;
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: 'nobody-here@example.com' } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for that email, we have sent a password reset link.' },
    });
    // A known member's request, made after it, is a barrier: once their mail is in, any mail from before would be too.
    const m = await registered();
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    await mailTo(m.email, since);
    expect(inbox.slice(since).some((mail) => mail.includes('nobody-here@example.com'))).toBe(false);
  });

  it("refuses an expired token, another email's token, and a newer link replaces the older one", async () => {
    const invalid = {
      status: 422,
      body: { errors: { token: ['This password reset link is invalid or has expired.'] } },
    };
    const m = await registered();
    let since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const first = linkIn(await mailTo(m.email, since));
    since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const second = linkIn(await mailTo(m.email, since));
    const body = (link: { token: string; email: string }) => ({
      ...link,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(await rest(ctx.app, 'POST', '/api/password/reset', { body: body(first) })).toMatchObject(invalid);
    expect(
      await rest(ctx.app, 'POST', '/api/password/reset', {
        body: body({ ...second, email: 'someone-else@example.com' }),
      }),
    ).toMatchObject(invalid);
    expect((await ctx.app.orm.em.fork().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(0);
    // The newer link works.
    expect((await rest(ctx.app, 'POST', '/api/password/reset', { body: body(second) })).status).toBe(200);
  });

  it('refuses a link past its 60 minutes', async () => {
    const m = await registered();
    const since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const link = linkIn(await mailTo(m.email, since));
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(PasswordReset, { user: m.userId }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    });
    expect(res).toMatchObject({
      status: 422,
      body: { errors: { token: ['This password reset link is invalid or has expired.'] } },
    });
    expect((await ctx.app.orm.em.fork().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(0);
  });

  it('validates the reset form', async () => {
    const res = await rest(ctx.app, 'POST', '/api/password/reset', { body: { email: 'x', password: 'abc' } });
    expectFieldErrors(res, {
      email: ['The email must be a valid email address.'],
      token: ['The token field is required.'],
      password: ['The password must be at least 6 characters.'],
      confirm_password: ['This is a required field'],
    });
    const mismatch = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { email: 'a@example.com', token: 't', password: 'abcdef', confirm_password: 'abcdeg' },
    });
    expect(mismatch.body.errors).toEqual({ confirm_password: ['Passwords do not match'] });
    expect((await rest(ctx.app, 'POST', '/api/password/create', { body: {} })).body.errors).toEqual({
      email: ['Enter your email address.'],
    });
  });

  it('rate-limits reset requests per address with a 429', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await rest(ctx.app, 'POST', '/api/password/create', { body: { email: `someone${i}@example.com` }, ip }))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('works through tRPC too', async () => {
    const m = await registered();
    const since = inbox.length;
    expect((await trpc(ctx.app, 'mutation', 'account.requestPasswordReset', { email: m.email })).status).toBe(200);
    const link = linkIn(await mailTo(m.email, since));
    const res = await trpc(ctx.app, 'mutation', 'account.resetPassword', {
      ...link,
      password: 'trpc-new-pass',
      confirm_password: 'trpc-new-pass',
    });
    expect(res.data).toEqual({ message: 'Your password has been reset. Please log in.' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Email enumeration by timing: the answer does the same work for a known and an unknown address.

/** Every statement a pg client sends on behalf of a call run inside `sent` (the job worker's own are not). */
const sent = new AsyncLocalStorage<string[]>();
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const clientQuery = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
  if (text !== undefined) sent.getStore()?.push(text);
  return clientQuery.apply(this, args);
};
afterAll(() => {
  (pg.Client.prototype as unknown as { query: Query }).query = clientQuery;
});

/** Members made straight in the database (one hash for all), so only the reset request is timed. */
async function knownEmails(count: number): Promise<string[]> {
  const password = await hashPassword(ctx.app.config, 'timing-pass-123');
  const em = ctx.app.orm.em.fork();
  const emails = Array.from({ length: count }, (_, i) => `timing${Date.now()}-${i}@example.com`);
  await em.transactional(async (tx) => {
    for (const email of emails) await createMember(tx, { email, name: 'Timing', password });
  });
  return emails;
}

/** Waits until no reset request or mail is queued or running, so one request's work never lands in another's time. */
async function queueIdle(): Promise<void> {
  const em = ctx.app.orm.em.fork();
  await untilNone(
    async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from graphile_worker.jobs where task_identifier in (${PASSWORD_RESET_TASK}, ${MAIL_TASK}) and attempts < max_attempts`.execute(
        db(em),
      );
      return rows[0]!.n;
    },
    'the job queue',
    { ...MAIL_WAIT, interval: 10 },
  );
}

/** POST /api/password/create over a real socket from its own loopback address: the status and the milliseconds taken. */
function timedRequest(port: number, email: string, from: string): Promise<{ status: number; ms: number }> {
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/password/create',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe('password/create for a known and an unknown address', () => {
  it('sends the same statements to the database for both, and queues the one job', async () => {
    const [known] = await knownEmails(1);
    await queueIdle();
    const run = async (email: string) => {
      const statements: string[] = [];
      const res = await sent.run(statements, () => rest(ctx.app, 'POST', '/api/password/create', { body: { email } }));
      expect(res).toMatchObject({
        status: 200,
        body: { message: 'If an account exists for that email, we have sent a password reset link.' },
      });
      return statements;
    };
    const forKnown = await run(known!);
    const forUnknown = await run(`nobody-${Date.now()}@example.com`);
    expect(forKnown.some((q) => q.includes('graphile_worker.add_job'))).toBe(true);
    expect(forKnown.some((q) => /\busers\b/.test(q) || /password_resets/.test(q))).toBe(false);
    expect(forKnown).toEqual(forUnknown);
    await queueIdle();
  });

  it('takes the same time for both over HTTP (medians of 30, each request on an idle queue)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const WARM = 3;
    const RUNS = 30;
    /** One round: known and unknown addresses in turns, each from its own loopback address; the two medians. */
    const round = async (n: number) => {
      const known = await knownEmails(WARM + RUNS);
      const stamp = Date.now();
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < WARM + RUNS; i++) {
        const pair = [
          { kind: 'known' as const, email: known[i]!, from: `127.${n + 1}.1.${i + 1}` },
          { kind: 'unknown' as const, email: `nobody-${stamp}-${i}@example.com`, from: `127.${n + 1}.2.${i + 1}` },
        ];
        // Each goes first every other turn, so a warming cache or a drift favours neither.
        if (i % 2) pair.reverse();
        for (const { kind, email, from } of pair) {
          await queueIdle();
          const { status, ms } = await timedRequest(port, email, from);
          expect(status).toBe(200);
          if (i >= WARM) times[kind].push(ms);
        }
      }
      await queueIdle();
      // Every known address still got its link.
      expect(await ctx.app.orm.em.fork().count(PasswordReset, { user: { email: { $in: known } } })).toBe(WARM + RUNS);
      return { known: median(times.known), unknown: median(times.unknown) };
    };
    // Before the work moved to the queue a known address took 11.7 ms against 6.9 ms (15 against 4 here). On a loaded
    // machine single requests jitter by tens of ms and medians by a ms or two, so the bound is loose (the statements
    // test above is the exact check) and a round outside it is measured again: a real gap fails all three.
    const rounds: { known: number; unknown: number }[] = [];
    const within = ({ known, unknown }: { known: number; unknown: number }) =>
      Math.abs(known - unknown) < Math.max(2, 0.35 * Math.min(known, unknown));
    while (rounds.length < 3 && !rounds.some(within)) rounds.push(await round(rounds.length));
    expect(rounds.some(within), `medians (known, unknown) in ms: ${JSON.stringify(rounds)}`).toBe(true);
  });
});
