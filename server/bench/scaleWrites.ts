/**
 * The scale bench's writes: every admin write that touches many members, sent once over HTTP
 * to the product at full size while a probe watches what the rest of the business would feel. For each write: the
 * admin's answer time, the time until its work is done (a broadcast's last receipt, the VO2 relabel's last batch), the
 * server's peak resident memory, the slowest `/healthz` and member read during it, and the longest transaction the
 * server held open (a row lock lasts as long as its transaction, so this bounds how long any member could wait on one).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { CHANNEL } from '@evolution/shared';

export interface WriteTiming {
  name: string;
  /** What the write touched, in the product's words. */
  scope: string;
  answerMs: number;
  /** From the call to its work done; equal to answerMs for a write done when it answers. */
  doneMs: number;
  peakRssMb: number;
  healthzMaxMs: number;
  memberReadMaxMs: number;
  longestTransactionMs: number;
  /** A line of detail (delivery progress, mail rate). */
  note?: string;
}

/** The bench's own connections (its checks and this probe), left out of the server's longest transaction. */
const BENCH_CONNECTION = 'scale-bench';

interface Probe {
  stop(): Promise<Omit<WriteTiming, 'name' | 'scope' | 'answerMs' | 'doneMs' | 'note'>>;
}

/**
 * Every 100 ms, side by side: `/healthz` and one member read over HTTP, the server's resident memory from /proc, and the
 * oldest open transaction of the server's connections from pg_stat_activity.
 */
function startProbe(
  base: string,
  serverPid: number,
  databaseUrl: string,
  memberHeaders: Record<string, string>,
): Probe {
  const max = { peakRssMb: 0, healthzMaxMs: 0, memberReadMaxMs: 0, longestTransactionMs: 0 };
  let running = true;
  const timed = async (path: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const res = await fetch(base + path, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`probe ${path}: ${res.status}`);
    return performance.now() - started;
  };
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const pool = new pg.Client({ connectionString: databaseUrl, application_name: BENCH_CONNECTION });
  const loops = (async () => {
    await pool.connect();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([
      (async () => {
        while (running) {
          max.healthzMaxMs = Math.max(max.healthzMaxMs, await timed('/healthz'));
          await tick();
        }
      })(),
      (async () => {
        while (running) {
          max.memberReadMaxMs = Math.max(
            max.memberReadMaxMs,
            await timed('/api/user/message/unread_count', memberHeaders),
          );
          await tick();
        }
      })(),
      (async () => {
        while (running) {
          max.peakRssMb = Math.max(max.peakRssMb, rssMb());
          const {
            rows: [oldest],
          } = await pool.query<{ ms: number | null }>(
            `
            select max(extract(epoch from now() - xact_start) * 1000)::float8 as ms from pg_stat_activity
            where datname = current_database() and application_name <> $1 and backend_type = 'client backend' and xact_start is not null`,
            [BENCH_CONNECTION],
          );
          max.longestTransactionMs = Math.max(max.longestTransactionMs, oldest?.ms ?? 0);
          await tick();
        }
      })(),
    ]);
  })();
  return {
    async stop() {
      running = false;
      await loops;
      await pool.end();
      return max;
    },
  };
}

/** A mail server that takes every mail and counts it per recipient: the broadcast's mails, none lost or doubled. */
export async function startMailSink(): Promise<{ url: string; received: Map<string, number>; close(): Promise<void> }> {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1_000_000,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.set(to.address, (received.get(to.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface WritesContext {
  base: string;
  databaseUrl: string;
  serverPid: number;
  adminHeaders: Record<string, string>;
  memberHeaders: Record<string, string>;
  /** A member with a year of history: exported, then deleted. */
  historyMember: { id: number; headers: Record<string, string> };
  /** A member with an active Superhuman subscription, whose inbox must show the broadcast. */
  superhumanMember: { id: number; headers: Record<string, string> };
  mail: Awaited<ReturnType<typeof startMailSink>>;
}

async function call(
  ctx: WritesContext,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ ms: number; json: any }> {
  const started = performance.now();
  const res = await fetch(ctx.base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, json: text ? JSON.parse(text) : null };
}

/** Polls `check` every 100 ms until it answers true (at most `seconds`), answering the time since `since`. */
async function until(check: () => Promise<boolean>, since: number, seconds = 600): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not done within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - since;
}

/** Each many-member write once, in turn, with the probe running; the broadcast last, its mails watched for `mailSeconds` (0: all of them). */
export async function measureWrites(
  ctx: WritesContext,
  mailSeconds: number,
  log: (line: string) => void,
  only?: string[],
): Promise<WriteTiming[]> {
  const db = new pg.Client({ connectionString: ctx.databaseUrl, application_name: BENCH_CONNECTION });
  await db.connect();
  const results: WriteTiming[] = [];
  const measure = async (
    name: string,
    scope: string,
    write: () => Promise<{ answerMs: number; doneMs?: number; note?: string }>,
  ) => {
    if (only && !only.includes(name)) return;
    const probe = startProbe(ctx.base, ctx.serverPid, ctx.databaseUrl, ctx.memberHeaders);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outcome = await write();
    const watched = await probe.stop();
    const timing = {
      name,
      scope,
      answerMs: outcome.answerMs,
      doneMs: outcome.doneMs ?? outcome.answerMs,
      note: outcome.note,
      ...watched,
    };
    log(
      `  ${name} (${scope}): answer ${timing.answerMs.toFixed(0)} ms, done ${timing.doneMs.toFixed(0)} ms, peak RSS ${timing.peakRssMb.toFixed(0)} MB, ` +
        `/healthz max ${timing.healthzMaxMs.toFixed(0)} ms, member read max ${timing.memberReadMaxMs.toFixed(0)} ms, longest transaction ${timing.longestTransactionMs.toFixed(0)} ms` +
        (timing.note ? `; ${timing.note}` : ''),
    );
    results.push(timing);
  };

  try {
    // The VO2 relabel: the second level's lower bound moves by a point and a half, its neighbour's upper bound with it.
    const {
      rows: [vo2],
    } = await db.query<{ id: number; level_name: string; min: string; max: string; tests: string; snapshots: string }>(`
      select l.id, l.level_name, l.min, l.max, (select count(*) from vo2_tests)::text as tests,
             (select count(*) from chamber_snapshots where vo2score is not null)::text as snapshots
      from vo2_max_levels l where l.min is not null and l.max is not null order by l.level offset 1 limit 1`);
    await measure(
      'VO2 level relabel',
      `${Number(vo2!.tests).toLocaleString('en-GB')} VO2 tests, ${Number(vo2!.snapshots).toLocaleString('en-GB')} chamber snapshots`,
      async () => {
        const started = performance.now();
        const { ms } = await call(ctx, 'PATCH', `/api/admin/vo2max/${vo2!.id}`, ctx.adminHeaders, {
          // 36.5 -> 35.0 -> 36.5...: the bench can run again on the same database.
          level_name: vo2!.level_name,
          min: Number(vo2!.min) + (Math.round(Number(vo2!.min) * 10) % 10 === 5 ? -1.5 : 1.5),
          max: Number(vo2!.max),
          move_neighbours: true,
        });
        // Done when no recorded test or snapshot has a level other than its score's range gives.
        const stale = async () => {
          const {
            rows: [n],
          } = await db.query<{ n: number }>(`
          select (select count(*) from vo2_tests t where t.level_id is distinct from (
                    select l.id from vo2_max_levels l where (l.min is null or t.score >= l.min) and (l.max is null or t.score <= l.max) order by l.level limit 1))
               + (select count(*) from chamber_snapshots c where c.vo2score is not null and c.vo2level is distinct from (
                    select l.level_name from vo2_max_levels l where (l.min is null or c.vo2score >= l.min) and (l.max is null or c.vo2score <= l.max) order by l.level limit 1))
                 as n`);
          return Number(n!.n) === 0;
        };
        return { answerMs: ms, doneMs: await until(stale, started) };
      },
    );

    // Deleting the form most members stand on (not the last of its group): they move to its neighbour.
    const {
      rows: [form],
    } = await db.query<{ id: number; members: string }>(`
      select mf.form_id as id, count(*)::text as members from member_forms mf
      where (select count(*) from forms f join forms g on g.form_group_id = f.form_group_id where f.id = mf.form_id) > 1
      group by mf.form_id order by count(*) desc limit 1`);
    await measure('form delete', `${Number(form!.members).toLocaleString('en-GB')} members moved`, async () => {
      const { ms, json } = await call(ctx, 'DELETE', `/api/admin/form/${form!.id}`, ctx.adminHeaders);
      return { answerMs: ms, note: `${json.members_moved} moved to ${json.moved_to?.name}` };
    });

    // A Superhuman plan's price: its subscribers keep their price; the channel's counts are read back.
    const channel = await call(ctx, 'GET', `/api/admin/channel/${CHANNEL.superhuman}`, ctx.adminHeaders);
    const plans = channel.json.data.plans as { id: number; amount: number; active: boolean; subscribers?: number }[];
    const {
      rows: [subscribers],
    } = await db.query<{ n: string }>(`select count(*)::text as n from subscriptions where channel_id = $1`, [
      CHANNEL.superhuman,
    ]);
    await measure(
      'plan price change',
      `a channel of ${Number(subscribers!.n).toLocaleString('en-GB')} subscriptions`,
      async () => {
        const { ms } = await call(ctx, 'PUT', `/api/admin/channel/${CHANNEL.superhuman}`, ctx.adminHeaders, {
          name: channel.json.data.name,
          plans: plans.map((p, i) => ({ id: p.id, amount: i === 0 ? p.amount + 1 : p.amount, active: p.active })),
        });
        return { answerMs: ms };
      },
    );

    const {
      rows: [history],
    } = await db.query<{ rows: string }>(
      `
      select ((select count(*) from phase_submissions where user_id = $1) + (select count(*) from workout_results where user_id = $1)
            + (select count(*) from vo2_tests where user_id = $1) + (select count(*) from chamber_snapshots where user_id = $1)
            + (select count(*) from assistance_flags where user_id = $1) + (select count(*) from message_recipients where user_id = $1))::text as rows`,
      [ctx.historyMember.id],
    );
    const historyScope = `a member with ${Number(history!.rows).toLocaleString('en-GB')} rows of history`;
    await measure('access map change', "one member's features", async () => {
      const { ms } = await call(ctx, 'PATCH', `/api/admin/admin/${ctx.historyMember.id}/access`, ctx.adminHeaders, {
        micro_data: true,
      });
      return { answerMs: ms };
    });
    await measure("member's data export", historyScope, async () => {
      const { ms, json } = await call(ctx, 'GET', '/api/user/export', ctx.historyMember.headers);
      return { answerMs: ms, note: `${(JSON.stringify(json).length / 1024).toFixed(0)} KB` };
    });
    await measure('member deletion', historyScope, async () => {
      const { ms } = await call(ctx, 'DELETE', `/api/admin/admin/${ctx.historyMember.id}`, ctx.adminHeaders);
      return { answerMs: ms };
    });

    // The broadcast: stored and queued at once; receipts in pages; the member's inbox; the mails, watched a while.
    const {
      rows: [audience],
    } = await db.query<{ n: string }>(
      `select count(*)::text as n from subscriptions where channel_id = $1 and status in ('active', 'trialing')`,
      [CHANNEL.superhuman],
    );
    const mailedBefore = [...ctx.mail.received.values()].reduce((a, b) => a + b, 0);
    // Mails from before the broadcast (the demo seed's messages, a sign-in notice) are not this broadcast's doubles.
    const receivedBefore = new Map(ctx.mail.received);
    await measure(
      'channel broadcast',
      `about ${Number(audience!.n).toLocaleString('en-GB')} Superhuman members`,
      async () => {
        const started = performance.now();
        const subject = `Scale bench broadcast ${Date.now()}`;
        const { ms, json } = await call(ctx, 'POST', '/api/admin/message', ctx.adminHeaders, {
          subject,
          message: 'Rest well before the next phase.',
          channel_id: CHANNEL.superhuman,
        });
        const id = json.data.id as number;
        let inboxMs = 0;
        const inbox = until(async () => {
          const { json: page } = await call(ctx, 'GET', '/api/user/message?page=1', ctx.superhumanMember.headers);
          return (page.data as { subject: string }[]).some((m) => m.subject === subject);
        }, started).then((t) => (inboxMs = t));
        let delivered = 0;
        const doneMs = await until(async () => {
          const { json: sent } = await call(ctx, 'GET', `/api/admin/message/${id}`, ctx.adminHeaders);
          delivered = sent.data.delivered_count;
          return sent.data.delivered_at !== null;
        }, started);
        await inbox;
        // The mails: watched for mailSeconds after the last receipt, or with 0 until every recipient has one (at most
        // 20 minutes); then counted, and any recipient mailed twice fails the bench.
        const mailedNow = () => [...ctx.mail.received.values()].reduce((a, b) => a + b, 0) - mailedBefore;
        const mailMs =
          mailSeconds > 0
            ? await new Promise<number>((resolve) =>
                setTimeout(() => resolve(performance.now() - started), mailSeconds * 1000),
              )
            : await until(async () => mailedNow() >= delivered, started, 1200);
        const mailed = mailedNow();
        const doubled = [...ctx.mail.received].filter(([to, n]) => n - (receivedBefore.get(to) ?? 0) > 1).length;
        const {
          rows: [marks],
        } = await db.query<{ n: string }>(
          'select count(*)::text as n from message_recipients where message_id = $1 and mailed_at is not null',
          [id],
        );
        if (doubled) throw new Error(`${doubled} recipients were mailed twice`);
        return {
          answerMs: ms,
          doneMs,
          note:
            `${delivered.toLocaleString('en-GB')} receipts; in the member's inbox after ${(inboxMs / 1000).toFixed(1)} s; ` +
            `${mailed.toLocaleString('en-GB')} mails received (${Number(marks!.n).toLocaleString('en-GB')} marked sent) ${(mailMs / 1000).toFixed(0)} s after the send ` +
            `(${(mailed / (mailMs / 1000)).toFixed(0)} a second), none twice`,
        };
      },
    );
  } finally {
    await db.end();
  }
  return results;
}
