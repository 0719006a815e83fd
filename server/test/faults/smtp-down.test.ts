import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { MAIL_TASK } from '../../src/services/jobs.ts';
import { newMember, rest } from '../helpers/api.ts';
import { useTestApp } from '../helpers/database.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The app is given the address of a mail server that is not running yet; the test starts it there later. (A refused
// send with the server up, and the backoff between tries, are proven in jobs.test.ts.)
const smtpPort = await freePort();
const ctx = useTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, jobPollIntervalMs: 100 });

let smtp: TestSmtp | undefined;
afterAll(() => smtp?.close());
const inbox = () => smtp?.inbox ?? [];

/** Starts the mail server on the address the app was given. */
async function startSmtp() {
  smtp = await startTestSmtp({ port: smtpPort });
  expect(smtp.port).toBe(smtpPort);
}

interface MailJob {
  id: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}
// This file's database is its own: the mail jobs in the queue are the ones this test queued.
const mailJobs = () =>
  ctx.app.orm.em
    .fork()
    .execute<MailJob[]>(
      'select id, attempts, max_attempts, last_error from graphile_worker.jobs where task_identifier = ?',
      [MAIL_TASK],
    );
/** Makes a job waiting out its backoff (e^attempts seconds) due now, so the test need not wait for it. */
const retryNow = (id: string) =>
  ctx.app.orm.em.fork().execute('select graphile_worker.reschedule_jobs(array[?]::bigint[], run_at => now())', [id]);

describe('the mail server down', () => {
  it('keeps the mail in the queue while the mail server is down, and sends it once when it is back', async () => {
    const member = newMember();
    const email = member.email.toLowerCase();
    expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).status).toBe(201);

    // The member asks for a reset link: answered at once, although no mail can leave.
    const asked = await rest(ctx.app, 'POST', '/api/password/create', { body: { email } });
    expect(asked.status).toBe(200);

    // The worker tries, the connection is refused, the mail waits for its next try.
    // (attempts counts a try when it starts; last_error is written when it has failed)
    const failedTries = async () =>
      (await mailJobs()).map((j) => [j.attempts, /ECONNREFUSED/.test(j.last_error ?? '')]);
    await expect.poll(failedTries, { timeout: 20_000 }).toEqual([[1, true]]);
    const [first] = await mailJobs();
    // Another try while it is still down: still refused, still queued.
    await retryNow(first!.id);
    await expect.poll(failedTries, { timeout: 20_000 }).toEqual([[2, true]]);
    const [waiting] = await mailJobs();
    expect(waiting!.attempts).toBeLessThan(waiting!.max_attempts);
    expect(inbox()).toEqual([]);

    await startSmtp();
    await retryNow(waiting!.id);
    // Generous: under the whole suite's load this once took over 5 s (alone, under one).
    await expect.poll(() => inbox().length, { timeout: 15_000 }).toBe(1);
    expect(inbox()[0]).toMatch(/Subject: Reset your password/);
    expect(inbox()[0]!.toLowerCase()).toContain(`to: ${email}`);
    // Sent, it leaves the queue, and it is sent only once.
    await expect.poll(async () => (await mailJobs()).length, { timeout: 20_000 }).toBe(0);
    expect(inbox()).toHaveLength(1);
  }, 90_000);
});
