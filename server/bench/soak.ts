/**
 * npm run bench:soak: a steady mixed load for SOAK_MINUTES (default 30) on a real PostgreSQL (embedded and throwaway
 * unless DATABASE_URL is set): reads of several members through autocannon at SOAK_RATE requests a second (default
 * 150), and SOAK_SUBMITTERS members (default 4) working through the phase runner, one submission each every
 * SOAK_SUBMIT_EVERY_MS (default 2000), across calibration, versions and evolutions. One table row per window of
 * SOAK_WINDOW_MINUTES (default 5): throughput, p99, errors, and the server's memory after a full GC (run with
 * --expose-gc, as the npm script does). Fails (exit 1) on any error; says whether memory levelled off (the last
 * window's heap within 10% of the one before). Not part of CI: the machine is shared, so figures are rough.
 */
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { MEAL_GROUP, type PhaseData, type SubmissionResult } from '@evolution/shared';
import { buildApp } from '../src/app.ts';
import { DEMO_MEMBER } from '../src/db/seed.ts';
import { phaseSubmission } from '../test/faults/phaseRunner.ts';
import { benchDatabase, calibrateOverHttp, cloneMembers, signIn } from './fixture.ts';

const env = (name: string, fallback: number) =>
  process.env[name] && Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback;
const minutes = env('SOAK_MINUTES', 30);
const windowMinutes = Math.min(env('SOAK_WINDOW_MINUTES', 5), minutes);
const rate = env('SOAK_RATE', 150);
const submitterCount = env('SOAK_SUBMITTERS', 4);
const submitEveryMs = env('SOAK_SUBMIT_EVERY_MS', 2000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn('Run with node --expose-gc (npm run bench:soak does) for heap figures after a full collection.');

const { scratch, db, databaseUrl, config } = await benchDatabase('evolution-soak-');

const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// The readers: the demo member (calibrated over the API: a chamber page, ladders, a superhuman plan for the meals)
// and two copies of them; the submitters: more copies, each with three progress photos of their own.
const demo = await signIn(base, DEMO_MEMBER);
await calibrateOverHttp(base, demo);
// Their tokens are signed by the app itself, valid for the whole soak and an hour more.
const sign = (claims: object) => app.tokens.sign(claims as Parameters<typeof app.tokens.sign>[0], minutes * 60 + 3600);
const clones = await cloneMembers(databaseUrl, sign, demo, 2 + submitterCount);
const [readerA, readerB, ...submitters] = clones;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadPhoto(token: string, colour: string): Promise<number> {
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/user/image`, { method: 'POST', headers: bearer(token), body: form });
  if (res.status !== 201) throw new Error(`photo upload: ${res.status}`);
  return ((await res.json()) as { image: { id: number } }).image.id;
}

/** A member working through the phase runner: the active phase of their track, submitted, every `submitEveryMs`. */
interface Submitter {
  token: string;
  photos: [number, number, number];
  track: 'calibration' | 'general';
}
const runners: Submitter[] = [];
for (const s of submitters) {
  const photos = [
    await uploadPhoto(s.token, '#aa3333'),
    await uploadPhoto(s.token, '#33aa33'),
    await uploadPhoto(s.token, '#3333aa'),
  ] as [number, number, number];
  runners.push({ token: s.token, photos, track: 'general' });
}

interface SubmissionStats {
  latencies: number[];
  errors: string[];
  submitted: number;
  evolutions: number;
}
let stats: SubmissionStats = { latencies: [], errors: [], submitted: 0, evolutions: 0 };
let evolutionsCompleted = 0;
let running = true;

async function runSubmitter(s: Submitter, offsetMs: number) {
  await new Promise((resolve) => setTimeout(resolve, offsetMs));
  while (running) {
    const next = Date.now() + submitEveryMs;
    const started = performance.now();
    try {
      const phaseRes = await fetch(`${base}/api/user/channel/warrior/${s.track}/phase`, { headers: bearer(s.token) });
      if (phaseRes.status !== 200) throw new Error(`GET ${s.track} phase: ${phaseRes.status} ${await phaseRes.text()}`);
      const phase = (await phaseRes.json()) as PhaseData;
      const { body } = phaseSubmission(phase, s.photos, 900 + Math.floor(Math.random() * 600));
      const res = await fetch(
        `${base}/api/user/channel/warrior/${s.track}/phase/${phase.type}?page_id=${phase.page.id}`,
        {
          method: 'POST',
          headers: { ...bearer(s.token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      if (res.status !== 200) throw new Error(`POST ${s.track}/${phase.type}: ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as SubmissionResult;
      stats.latencies.push(performance.now() - started);
      stats.submitted++;
      const track = answer.data.need_calibration ? 'calibration' : 'general';
      if (track === 'calibration' && s.track === 'general') stats.evolutions++;
      s.track = track;
    } catch (err) {
      stats.errors.push((err as Error).message.slice(0, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
}

// The read mix: what a signed-in member's screens ask for, as three members, plus the public channel list.
const requests: autocannon.Request[] = [
  { method: 'GET', path: '/api/channel' },
  { method: 'GET', path: '/api/user', headers: bearer(demo) },
  { method: 'GET', path: '/trpc/auth.me', headers: bearer(readerA!.token) },
  { method: 'GET', path: '/api/user/evolution/chamber/1', headers: bearer(demo) },
  { method: 'GET', path: '/api/user/channel/warrior/general/phase', headers: bearer(readerA!.token) },
  { method: 'GET', path: `/api/user/meal/group/${MEAL_GROUP.vegan}/meals?page=1`, headers: bearer(readerB!.token) },
  { method: 'GET', path: '/api/user/meal/group', headers: bearer(demo) },
  { method: 'GET', path: '/trpc/channels.list' },
];
// Every kind must answer 200 before the soak starts: a broken request would otherwise count as an error all along.
for (const r of requests) {
  const res = await fetch(base + r.path!, { headers: (r.headers ?? {}) as Record<string, string> });
  if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${await res.text()}`);
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const p99 = (xs: number[]) =>
  xs.length ? Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!) : 0;
function memory() {
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

const windows = Math.ceil(minutes / windowMinutes);
const start = memory();
console.log(
  `\nSoak: ${minutes} min at ${rate} req/s of reads (${requests.length} kinds, 3 members) + ${runners.length} members submitting every ${submitEveryMs} ms; windows of ${windowMinutes} min.`,
);
console.log(`Before the load: RSS ${mb(start.rss)} MB, heap used ${mb(start.heap)} MB (after GC).\n`);
const header =
  '| minutes | reads req/s | reads p99 ms | submissions | submit p99 ms | errors | RSS MB (peak) | heap used MB |';
console.log(header);
console.log(
  '|' +
    header
      .split('|')
      .slice(1, -1)
      .map((c) => '-'.repeat(c.length))
      .join('|') +
    '|',
);

const submitting = runners.map((s, i) => runSubmitter(s, (i * submitEveryMs) / runners.length));
const rows: { heap: number; rss: number; errors: number }[] = [];
for (let w = 0; w < windows; w++) {
  const duration = Math.round(Math.min(windowMinutes, minutes - w * windowMinutes) * 60);
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5000);
  const result = await autocannon({ url: base, requests, connections: 8, overallRate: rate, duration });
  clearInterval(sampler);
  const window = stats;
  evolutionsCompleted += window.evolutions;
  stats = { latencies: [], errors: [], submitted: 0, evolutions: 0 };
  const m = memory();
  peakRss = Math.max(peakRss, m.rss);
  const errors = result.errors + result.timeouts + result.non2xx + window.errors.length;
  rows.push({ heap: m.heap, rss: m.rss, errors });
  const from = w * windowMinutes;
  console.log(
    `| ${`${from}-${from + duration / 60}`.padEnd(7)} | ${String(Math.round(result.requests.average)).padStart(11)} | ${String(result.latency.p99).padStart(12)} | ${String(window.submitted).padStart(11)} | ${String(p99(window.latencies)).padStart(13)} | ${String(errors).padStart(6)} | ${`${mb(m.rss)} (${mb(peakRss)})`.padStart(13)} | ${mb(m.heap).padStart(12)} |`,
  );
  for (const e of window.errors.slice(0, 5)) console.log(`    submission error: ${e}`);
  if (result.non2xx || result.errors || result.timeouts)
    console.log(`    reads: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
}
running = false;
await Promise.all(submitting);

const totalErrors = rows.reduce((n, r) => n + r.errors, 0);
const [previous, last] = rows.slice(-2);
const levelled = previous && last ? Math.abs(last.heap - previous.heap) / previous.heap <= 0.1 : null;
console.log(
  `\nErrors: ${totalErrors}. The submitters finished ${evolutionsCompleted} evolutions (four versions each) and went back to calibration.`,
);
if (levelled === null) console.log('Memory: one window only, nothing to compare (use at least two windows).');
else {
  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
  console.log(
    `Memory ${levelled ? 'levelled off' : 'did NOT level off'}: heap used ${mb(previous!.heap)} -> ${mb(last!.heap)} MB over the last two windows (${change(previous!.heap, last!.heap)}; within 10% counts as level).`,
  );
  // RSS also holds native memory (pg buffers, the allocator's arenas), which settles later than the heap: shown, not judged.
  console.log(
    `RSS over the last two windows: ${mb(previous!.rss)} -> ${mb(last!.rss)} MB (${change(previous!.rss, last!.rss)}); over the whole soak: ${mb(start.rss)} -> ${mb(last!.rss)} MB.`,
  );
}

await app.close();
await db?.stop();
rmSync(scratch, { recursive: true, force: true });
process.exit(totalErrors === 0 && levelled !== false ? 0 : 1);
