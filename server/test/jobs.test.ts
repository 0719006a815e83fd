import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { enqueueMail } from '../src/services/jobs.ts';
import { newMember, rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { mailsTo, useTestSmtp, waitForMails } from './helpers/smtp.ts';

// A real SMTP server in the test whose behaviour each test sets per recipient: refuse the first try, or answer slowly.
const tries = new Map<string, number>();
const refuseFirst = new Set<string>();
const slow = new Map<string, number>();
const { url: smtpUrl, inbox } = await useTestSmtp({
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    const n = (tries.get(to) ?? 0) + 1;
    tries.set(to, n);
    if (refuseFirst.has(to) && n === 1)
      return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
    setTimeout(callback, slow.get(to) ?? 0);
  },
});
// Retries become due after the library's backoff (e^attempts seconds); a short poll picks them up promptly.
const ctx = useTestApp({ smtpUrl, jobPollIntervalMs: 100, mailFrom: 'Evolution <no-reply@evolution.example>' });

let seq = 0;
const address = (label: string) => `${label}-${Date.now()}-${++seq}@example.com`;
const mail = (to: string, subject = 'Hello') => ({ to, subject, text: `A message for ${to}` });
const pendingJobs = async () =>
  Number(
    (await ctx.app.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from graphile_worker.jobs'))[0]!.n,
  );

describe('the job queue', () => {
  it('sends a mail queued in a committed transaction through SMTP, with our sender', async () => {
    const to = address('committed');
    await ctx.app.orm.em.fork().transactional(async (em) => enqueueMail(em, mail(to, 'Committed mail')));
    const [raw] = await waitForMails(inbox, to);
    expect(raw).toMatch(/Subject: Committed mail/);
    expect(raw).toMatch(/From: Evolution <no-reply@evolution\.example>/);
    expect(raw).toContain(`A message for ${to}`);
  });

  it('never sends a mail queued in a transaction that rolled back', async () => {
    const lost = address('rolled-back');
    await expect(
      ctx.app.orm.em.fork().transactional(async (em) => {
        await enqueueMail(em, mail(lost));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    // A mail queued after it is a barrier: once it is in, the rolled-back one would have been too.
    const barrier = address('barrier');
    await ctx.app.orm.em.fork().transactional(async (em) => enqueueMail(em, mail(barrier)));
    await waitForMails(inbox, barrier);
    expect(tries.has(lost)).toBe(false);
    expect(mailsTo(inbox, lost)).toEqual([]);
  });

  it('retries a send the SMTP server refused, with backoff, and then delivers it once', async () => {
    const to = address('refused');
    refuseFirst.add(to);
    const queuedAt = Date.now();
    await ctx.app.orm.em.fork().transactional(async (em) => enqueueMail(em, mail(to, 'Retried mail')));
    await waitForMails(inbox, to);
    expect(tries.get(to)).toBe(2);
    expect(mailsTo(inbox, to)).toHaveLength(1);
    // The library waits e^1 ≈ 2.7 s before the second attempt.
    expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(2500);
    // Done jobs leave the queue.
    await expect.poll(pendingJobs).toBe(0);
  }, 45_000);

  it('answers a password-reset request at once while the SMTP server is slow; the mail arrives later', async () => {
    const member = newMember();
    const email = member.email.toLowerCase();
    expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).status).toBe(201);
    slow.set(email, 2000);
    const started = Date.now();
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email } });
    const answeredIn = Date.now() - started;
    expect(res.status).toBe(200);
    expect(answeredIn).toBeLessThan(1000);
    const [raw] = await waitForMails(inbox, email);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(raw).toMatch(/Subject: Reset your password/);
  }, 45_000);

  it('stops its worker and listener with the app: no connection is left open', async () => {
    const db = ctx.app.orm.em.fork();
    const connections = async () =>
      Number(
        (
          await db.execute<{ n: string }[]>(
            'select count(*) as n from pg_stat_activity where datname = current_database()',
          )
        )[0]!.n,
      );
    const before = await connections();
    const app = await buildApp({ ...testConfig({ smtpUrl }), databaseUrl: ctx.databaseUrl });
    await app.ready();
    const to = address('second-app');
    await app.orm.em.fork().transactional(async (em) => enqueueMail(em, mail(to)));
    await waitForMails(inbox, to);
    expect(await connections()).toBeGreaterThan(before);
    await app.close();
    // Under the pools' 10 s idle timeout: a pool close() forgot would not drain by itself in time.
    await expect.poll(connections, { timeout: 8000 }).toBe(before);
  });
});
