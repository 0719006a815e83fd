import argon2 from 'argon2';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newMember, rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { decodeQuotedPrintable as decode, mailsTo, useTestSmtp, waitForMails } from './helpers/smtp.ts';

// The sign-in throttles against a real socket: each guess comes from its own loopback address (Linux routes all of
// 127/8 to lo), the server sees that address (no trusted proxy), and the limits are small so the file runs in seconds.

const LIMITS = {
  address: { points: 8, windowSeconds: 600 },
  account: { points: 6, windowSeconds: 3600 },
  resetEmail: { points: 2, windowSeconds: 3600 },
};
const { url: smtpUrl, inbox } = await useTestSmtp();
const ctx = useTestApp({ smtpUrl, appUrl: 'https://evolution.example', signInThrottles: LIMITS });

let port: number;
beforeAll(async () => {
  // No trusted proxy: request.ip is the socket's address.
  if (ctx.app.config.trustProxy !== false) throw new Error('these tests need TRUST_PROXY off');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A POST over a fresh connection from the loopback address `from`. */
function post(path: string, body: unknown, from: string): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text && JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const login = (email: string, password: string, from: string) => post('/api/login', { email, password }, from);
const trpcLogin = (email: string, password: string, from: string) =>
  post('/trpc/auth.login', { email, password }, from);

async function registered() {
  const member = newMember();
  expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).status).toBe(201);
  return member;
}

function expectTooMany(res: Answer, limit: number) {
  expect(res.status).toBe(429);
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function rateLimitRow(key: string): Promise<number | null> {
  const sql = new pg.Client({ connectionString: ctx.databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query('select points from rate_limits where key = $1', [key]);
    return rows[0]?.points ?? null;
  } finally {
    await sql.end();
  }
}

const LOCKED_OUT = 'Someone is trying to sign in to your account';
const RESET = 'Reset your password';

describe('sign-in throttles across accounts and addresses (real sockets)', () => {
  it('stop one address spraying many accounts, while another address signs in', async () => {
    const member = await registered();
    const sprayer = '127.0.0.2';
    // Failures on REST and tRPC count together, each on an account of its own.
    for (let i = 0; i < LIMITS.address.points; i++) {
      const res = await (i % 2 ? trpcLogin : login)(`sprayed-${i}@example.com`, 'Password1', sprayer);
      expect(res.status).toBe(422);
      // The headers still speak of the per-account-and-address throttle.
      expect(res.headers['x-ratelimit-limit']).toBe('5');
    }
    const refused = await login('sprayed-next@example.com', 'Password1', sprayer);
    expectTooMany(refused, LIMITS.address.points);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect((await trpcLogin('sprayed-next@example.com', 'Password1', sprayer)).status).toBe(429);
    // Even the right password of an untouched account waits from that address...
    expectTooMany(await login(member.email, member.password, sprayer), LIMITS.address.points);
    // ...and signs in from another one.
    expect((await login(member.email, member.password, '127.0.0.3')).status).toBe(200);
    // Counted under the socket's own address.
    expect(await rateLimitRow(`login-address:${sprayer}`)).toBeGreaterThanOrEqual(LIMITS.address.points);
  });

  it('lock an account guessed from several addresses, mail its member once, and a reset lets them back in', async () => {
    const member = await registered();
    const guessers = ['127.0.0.4', '127.0.0.5', '127.0.0.6'];
    const since = inbox.length;
    for (let i = 0; i < LIMITS.account.points; i++) {
      const res = await login(member.email, `wrong-guess-${i}`, guessers[i % guessers.length]!);
      expect(res.status).toBe(422);
    }
    // Locked: a new address is refused, the right password too, side-by-side tries as well.
    expectTooMany(await login(member.email, 'wrong-guess-x', '127.0.0.7'), LIMITS.account.points);
    expectTooMany(await login(member.email, member.password, '127.0.0.8'), LIMITS.account.points);
    const burst = await Promise.all(guessers.map((from) => login(member.email, member.password, from)));
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429]);

    // One mail for the lock-out, pointing at the reset screen.
    const [warning] = await waitForMails(inbox, member.email, { subject: LOCKED_OUT });
    expect(warning).toContain(`Hello ${member.name}`);
    expect(warning).toContain('https://evolution.example/#/forgot_password');

    // The member asks for a reset link and sets a new password: the lock ends at once.
    expect((await post('/api/password/create', { email: member.email }, '127.0.0.9')).status).toBe(200);
    const [resetMail] = await waitForMails(inbox, member.email, { subject: RESET });
    const link = resetMail!.match(/https:\/\/evolution\.example\/#\/reset-password\?[^\s]+/)![0];
    const params = new URLSearchParams(link.split('?')[1]);
    const password = 'Harbour-Kettle-Lantern-42';
    const reset = await post(
      '/api/password/reset',
      { token: params.get('token'), email: params.get('email'), password, confirm_password: password },
      '127.0.0.9',
    );
    expect(reset.status).toBe(200);
    expect((await login(member.email, password, '127.0.0.8')).status).toBe(200);
    // The reset forgot the failures; the sign-in after it spent an attempt and got it back.
    expect(await rateLimitRow(`login-account:${member.email}`)).toBe(0);

    // Every mail queued before the reset's has gone out by now (a little slack for the worker's second slot).
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(inbox, member.email, { subject: LOCKED_OUT })).toHaveLength(1);
    expect(inbox.slice(since).filter((m) => decode(m).includes(LOCKED_OUT))).toHaveLength(1);
  });

  it("count a session's password checks toward the account, so a stolen session is no way round the pause", async () => {
    const member = newMember();
    const { access_token: token } = (await rest(ctx.app, 'POST', '/api/register', { body: member })).body;
    const password = 'Lantern-Harbour-Kettle-7';
    const change = (old: string) =>
      rest(ctx.app, 'PUT', '/api/user/settings/password', {
        token,
        body: { old_password: old, password, password_confirmation: password },
      });
    // Wrong current passwords sent with the session count toward the account's limit, as failed sign-ins do...
    for (let i = 0; i < 2; i++) expect((await change('wrong-guess')).status).toBe(422);
    for (let i = 2; i < LIMITS.account.points; i++)
      expect((await login(member.email, 'wrong-guess', `127.0.3.${i + 1}`)).status).toBe(422);
    expect((await login(member.email, member.password, '127.0.3.100')).status).toBe(429);
    // ...and while the account is paused the session's change waits too: the emailed reset link is the way back.
    expect((await change(member.password)).status).toBe(429);
    expect((await login(member.email, password, '127.0.3.100')).status).toBe(429);
  });

  it('refuse a throttled attempt before argon2 runs, and side-by-side guesses cannot slip past', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const from = '127.0.0.10';
      const guesses = Array.from({ length: LIMITS.address.points + 6 }, (_, i) =>
        login(`side-by-side-${i}@example.com`, 'Password1', from),
      );
      const statuses = (await Promise.all(guesses)).map((r) => r.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(LIMITS.address.points);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      expect(verify).toHaveBeenCalledTimes(LIMITS.address.points);

      // A locked account: neither a wrong nor the right password is checked.
      const member = await registered();
      for (let i = 0; i < LIMITS.account.points; i++)
        expect((await login(member.email, 'wrong-guess', `127.0.1.${i + 1}`)).status).toBe(422);
      verify.mockClear();
      expect((await login(member.email, member.password, '127.0.1.100')).status).toBe(429);
      expect((await login(member.email, 'wrong-guess', '127.0.1.101')).status).toBe(429);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it('limit reset mails to one email from any address, known or not', async () => {
    const member = await registered();
    const since = inbox.length;
    for (const email of [member.email, 'nobody-at-all@example.com']) {
      for (let i = 0; i < LIMITS.resetEmail.points; i++)
        expect((await post('/api/password/create', { email }, `127.0.2.${i + 1}`)).status).toBe(200);
      expectTooMany(await post('/api/password/create', { email }, '127.0.2.50'), LIMITS.resetEmail.points);
    }
    await waitForMails(inbox, member.email, { subject: RESET, count: LIMITS.resetEmail.points });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(inbox, member.email, { since })).toHaveLength(LIMITS.resetEmail.points);
  });
});
