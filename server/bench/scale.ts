/**
 * npm run bench:scale: every admin list, search and detail and every member read, timed over HTTP at demo
 * size and again after server/bench/scaleSeed.ts has written a business of SCALE_MEMBERS (500,000) members by
 * set-based SQL, on a real PostgreSQL (embedded and throw-away unless DATABASE_URL is set). Each call is sent
 * sequentially, one request at a time, SCALE_REQUESTS (100) times or for SCALE_CALL_SECONDS (10) at most after three
 * warm-up requests; p50/p95/p99 go into one markdown table.
 */
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { CHANNEL } from '@evolution/shared';
import { DEMO_ADMIN, DEMO_MEMBER } from '../src/db/seed.ts';
import { benchDatabase, calibrateOverHttp, signIn, startBenchServer } from './fixture.ts';
import { scaleShape, seedScale } from './scaleSeed.ts';
import { measureWrites, startMailSink, type WriteTiming } from './scaleWrites.ts';

const members = Number(process.env.SCALE_MEMBERS ?? 500_000);
const requests = Number(process.env.SCALE_REQUESTS ?? 100);
const callSeconds = Number(process.env.SCALE_CALL_SECONDS ?? 10);
const target = 100; // ms: the p95 every call must stay within at 500,000 members
const mailSeconds = Number(process.env.SCALE_MAIL_SECONDS ?? 30);
const bench = await benchDatabase('evolution-bench-scale-');
const { scratch, db, databaseUrl } = bench;
// The server's mail goes to a local SMTP server that counts it per recipient (the broadcast's mails, none twice).
const mail = await startMailSink();

// The product runs in a child process (serve.ts, as for npm run bench); this one only sends requests.
const server = await startBenchServer(bench, { env: { SMTP_URL: mail.url } });
const { child, ports } = server;
const base = `http://127.0.0.1:${ports.app}`;

// The demo member calibrates over HTTP (a chamber page with three photos, ladders, a phase to read); the admin signs in.
const memberToken = await signIn(base, DEMO_MEMBER);
await calibrateOverHttp(base, memberToken);
const adminToken = await signIn(base, DEMO_ADMIN);
const asMember = { authorization: `Bearer ${memberToken}` };
const asAdmin = { authorization: `Bearer ${adminToken}` };
const memberId = Number(JSON.parse(Buffer.from(memberToken.split('.')[1]!, 'base64url').toString()).sub);

interface Call {
  name: string;
  path: string;
  headers: Record<string, string>;
}
// The same URLs at both sizes: the deep page is the middle of the full user list (past the end at demo size, where
// it answers an empty page); the search with one hit finds the demo member among everybody.
const deepPage = Math.max(1, Math.floor(members / 20));
const asAdminCall = (name: string, path: string): Call => ({ name, path, headers: asAdmin });
const asMemberCall = (name: string, path: string): Call => ({ name, path, headers: asMember });
const calls = (history?: number): Call[] => [
  asAdminCall('admin users, page 1', '/api/admin/admin?page=1'),
  asAdminCall(`admin users, page ${deepPage.toLocaleString('en-GB')}`, `/api/admin/admin?page=${deepPage}`),
  asAdminCall('admin search, one hit', '/api/admin/admin?page=1&search=member%40evolution'),
  asAdminCall('admin search, no hit', '/api/admin/admin?page=1&search=zqxj-nobody'),
  asAdminCall('admin assistance flags, page 1', '/api/admin/assistance_flag?page=1'),
  asAdminCall('admin messages, page 1', '/api/admin/message?page=1'),
  asAdminCall('admin form groups', '/api/admin/form_group?page=1'),
  asAdminCall('admin channels', '/api/admin/channel?page=1'),
  asAdminCall('admin channel with its subscribers', `/api/admin/channel/${CHANNEL.superhuman}`),
  asAdminCall('admin audit log, page 1', '/api/admin/audit_log?page=1'),
  asAdminCall('admin audit log, one member', `/api/admin/audit_log?page=1&member_id=${memberId}`),
  asAdminCall('admin user detail', `/api/admin/admin/${memberId}`),
  asAdminCall("admin member's chamber, page 1", `/api/admin/user/${memberId}/evolution/chamber/1`),
  asAdminCall("admin member's workout results", `/api/admin/user/${memberId}/evolution/workout_results`),
  ...(history === undefined
    ? []
    : [
        asAdminCall("admin member's chamber, a year of history", `/api/admin/user/${history}/evolution/chamber/1`),
        asAdminCall(
          "admin member's workout results, a year of history",
          `/api/admin/user/${history}/evolution/workout_results`,
        ),
      ]),
  asMemberCall('member start-up', '/api/user'),
  asMemberCall('member messages', '/api/user/message?page=1'),
  asMemberCall('member unread count', '/api/user/message/unread_count'),
  asMemberCall('member phase data', '/api/user/channel/warrior/general/phase'),
  asMemberCall('member chamber, page 1', '/api/user/evolution/chamber/1'),
];

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** One call sent sequentially: three warm-up requests, then up to `requests` within `callSeconds`; any answer but 200 fails the bench. */
async function time(call: Call): Promise<Timing> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(base + call.path, { headers: call.headers });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${call.name} GET ${call.path}: ${res.status} ${body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < 3; i++) await once();
  const samples: number[] = [];
  const deadline = performance.now() + callSeconds * 1000;
  while (samples.length < requests && (samples.length < 5 || performance.now() < deadline)) samples.push(await once());
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    n: samples.length,
  };
}

async function measure(label: string, list: Call[]): Promise<Map<string, Timing>> {
  console.log(`\nTiming ${list.length} calls at ${label}:`);
  const results = new Map<string, Timing>();
  for (const call of list) {
    const t = await time(call);
    results.set(call.name, t);
    console.log(
      `  ${call.name}: p50 ${t.p50.toFixed(1)} / p95 ${t.p95.toFixed(1)} / p99 ${t.p99.toFixed(1)} ms (${t.n} requests)`,
    );
  }
  return results;
}

const demo = await measure('demo size', calls());

console.log(`\nSeeding ${members.toLocaleString('en-GB')} members by set-based SQL:`);
const seedStarted = performance.now();
const seeded = await seedScale(databaseUrl, members, console.log);
const seedSeconds = (performance.now() - seedStarted) / 1000;
console.log(`  total: ${seedSeconds.toFixed(1)} s`);

// The history member must have chamber snapshots (members still in set-up have none); the seed picks one mid-list.
const check = new pg.Client({ connectionString: databaseUrl });
await check.connect();
const {
  rows: [history],
} = await check.query<{ user_id: number }>(
  'select user_id from chamber_snapshots where user_id >= $1 order by user_id limit 1',
  [seeded.historyMemberId],
);
// The writes export and then delete another member with a year of history, and look for the broadcast in the inbox of a
// member of the Superhuman channel.
const {
  rows: [leaving],
} = await check.query<{ id: number; email: string }>(
  `
  select u.id, u.email from users u where u.id = (select user_id from chamber_snapshots where user_id > $1 order by user_id limit 1)`,
  [history!.user_id],
);
const {
  rows: [superhuman],
} = await check.query<{ id: number; email: string }>(
  `
  select u.id, u.email from subscriptions s join users u on u.id = s.user_id
  where s.channel_id = $1 and s.status = 'active' and s.current_period_end > now() and u.id >= $2 order by u.id limit 1`,
  [CHANNEL.superhuman, seeded.firstMemberId],
);
const { rows: sizes } = await check.query<{ relname: string; n: string; size: string }>(`
  select relname, n_live_tup::text as n, pg_size_pretty(pg_total_relation_size(relid)) as size from pg_stat_user_tables
  where relname in ('users', 'subscriptions', 'evolutions', 'phase_submissions', 'workout_results', 'vo2_tests', 'chamber_snapshots', 'assistance_flags',
                    'flag_responses', 'audit_log', 'messages', 'message_recipients', 'member_forms') order by pg_total_relation_size(relid) desc`);
const {
  rows: [dbSize],
} = await check.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size');
await check.end();

const full = await measure(`${members.toLocaleString('en-GB')} members`, calls(history!.user_id));

let writes: WriteTiming[] = [];
if (process.env.SCALE_WRITES !== '0') {
  console.log(`\nEach many-member write once, at ${members.toLocaleString('en-GB')} members:`);
  const bearer = async (email: string) => ({
    authorization: `Bearer ${await signIn(base, { email, password: DEMO_MEMBER.password })}`,
  });
  writes = await measureWrites(
    {
      base,
      databaseUrl,
      serverPid: child.pid!,
      adminHeaders: asAdmin,
      memberHeaders: asMember,
      mail,
      historyMember: { id: leaving!.id, headers: await bearer(leaving!.email) },
      superhumanMember: { id: superhuman!.id, headers: await bearer(superhuman!.email) },
    },
    mailSeconds,
    console.log,
  );
}

await server.stop();
await mail.close();
await db?.stop();
rmSync(scratch, { recursive: true, force: true });

const shape = scaleShape(members);
const ms = (t: Timing | undefined) => (t ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} / ${t.p99.toFixed(1)} ms` : '—');
console.log(
  `\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, PostgreSQL ${db ? 'embedded' : 'from DATABASE_URL'} on the same machine; sequential requests over loopback from another process (up to ${requests} a call within ${callSeconds} s, after 3 warm-up requests).`,
);
console.log(
  `Seeded ${members.toLocaleString('en-GB')} members (${shape.coaches} coaches; one in ${shape.historyEvery} with a year of history), ${shape.flags.toLocaleString('en-GB')} assistance flags, ${shape.audit.toLocaleString('en-GB')} audit rows, ${shape.broadcasts} broadcasts and ${shape.directMessages.toLocaleString('en-GB')} direct messages in ${seedSeconds.toFixed(0)} s; database ${dbSize!.size}:\n`,
);
console.log('| table | rows | seconds | size |\n|---|---|---|---|');
for (const t of seeded.timings) {
  const size = sizes.find((s) => s.relname === t.table)?.size ?? '';
  console.log(`| ${t.table} | ${t.rows.toLocaleString('en-GB')} | ${(t.ms / 1000).toFixed(1)} | ${size} |`);
}
console.log(
  `\n| call | demo p50 / p95 / p99 | ${members.toLocaleString('en-GB')} members p50 / p95 / p99 | p95 <= ${target} ms? |\n|---|---|---|---|`,
);
let slow = 0;
for (const call of calls(history!.user_id)) {
  const f = full.get(call.name)!;
  const holds = f.p95 <= target;
  if (!holds) slow++;
  console.log(
    `| ${call.name} \`GET ${call.path.split('?')[0]}\` | ${ms(demo.get(call.name))} | ${ms(f)} | ${holds ? 'yes' : 'NO'} |`,
  );
}
console.log(
  slow
    ? `\n${slow} calls miss p95 <= ${target} ms at full size.`
    : `\nEvery call answers within p95 <= ${target} ms at full size.`,
);

if (writes.length) {
  console.log(
    `\n| write | what it touched | answer | done | peak RSS | /healthz max | member read max | longest transaction |\n|---|---|---|---|---|---|---|---|`,
  );
  const s = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
  for (const w of writes) {
    console.log(
      `| ${w.name} | ${w.scope} | ${s(w.answerMs)} | ${s(w.doneMs)} | ${w.peakRssMb.toFixed(0)} MB | ${s(w.healthzMaxMs)} | ${s(w.memberReadMaxMs)} | ${s(w.longestTransactionMs)} |`,
    );
  }
  for (const w of writes.filter((x) => x.note)) console.log(`- ${w.name}: ${w.note}`);
}
