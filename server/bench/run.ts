/**
 * npm run bench: each hot call of the product beside its floor (server/bench/floor.ts: the same answer from
 * hand-written SQL in a bare Fastify app on the same database), in one run, on a real PostgreSQL (embedded and
 * throwaway unless DATABASE_URL is set), over loopback; then the phase submission under load, the client's bundle
 * sizes and (BENCH_LIGHTHOUSE=1) Lighthouse. Each call is warmed up for a second a side, then runs BENCH_ROUNDS (5) alternating rounds of BENCH_SECONDS (3) seconds a side; the median round is shown.
 */
import autocannon from 'autocannon';
import { isDeepStrictEqual } from 'node:util';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MEAL_GROUP } from '@evolution/shared';
import { createSigner } from 'fast-jwt';
import { clientDist } from '../src/app.ts';
import { DEMO_ADMIN, DEMO_MEMBER } from '../src/db/seed.ts';
import { benchDatabase, calibrateOverHttp, cloneMembers, signIn, startBenchServer, submitters } from './fixture.ts';
import { exercisesBody, runSubmissions } from './submit.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** Alternating rounds per call (each side runs `seconds` a round). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY?.split(',');
const bench = await benchDatabase('evolution-bench-');
const { scratch, db, databaseUrl, config } = bench;

// The product and the floor run in a child process; this one only generates load.
const server = await startBenchServer(bench, {
  nodeArgs: process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', 'bench-profiles'] : [],
  // With BENCH_LIGHTHOUSE=1 the product also serves the built client (npm run build first), compressed as in production.
  env: { SERVE_CLIENT: process.env.BENCH_LIGHTHOUSE === '1' ? '1' : '0' },
});
const { ports } = server;
const base = `http://127.0.0.1:${ports.app}`;
const floorBase = `http://127.0.0.1:${ports.floor}`;
const signer = createSigner({ key: config.jwtSecret, algorithm: 'HS256', expiresIn: 3_600_000 });

// The demo member calibrates through the API (VO2, max tests, data analysis with three photos): a chamber page, ladders;
// the embedded demo's seed gives them a calibration and two versions of history already, used as seeded.
const member = await signIn(base, DEMO_MEMBER);
await calibrateOverHttp(base, member);
const admin = await signIn(base, DEMO_ADMIN);
const asMember = { authorization: `Bearer ${member}` };
// Copies of the calibrated member standing at an exercises phase (version 1, phase 2): the phase data and submissions.
const submitterCount = Number(process.env.BENCH_SUBMITTERS ?? 1000);
const cloned = await cloneMembers(databaseUrl, signer, member, submitterCount);
const atExercises = { authorization: `Bearer ${cloned[0]!.token}` };
const asAdmin = { authorization: `Bearer ${admin}` };

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  target: number;
}
const scenarios: Scenario[] = [
  { name: 'channel list', path: '/api/channel', target: 0.7 },
  { name: 'start-up (REST)', path: '/api/user', headers: asMember, target: 0.7 },
  { name: 'start-up (tRPC)', path: '/trpc/auth.me', headers: asMember, target: 0.7 },
  { name: 'admin user list', path: '/api/admin/admin?page=1', headers: asAdmin, target: 0.7 },
  { name: 'chamber page', path: '/api/user/evolution/chamber/1', headers: asMember, target: 0.7 },
  { name: 'phase data', path: '/api/user/channel/warrior/general/phase', headers: atExercises, target: 0.7 },
  { name: 'version list', path: '/api/user/channel/warrior/general/evolution', headers: asMember, target: 0.7 },
  { name: 'meal list', path: `/api/user/meal/group/${MEAL_GROUP.vegan}/meals?page=1`, headers: asMember, target: 0.7 },
].filter((s) => !only || only.some((o) => s.name.includes(o)));

/** One side's run: throughput and latency; any answer but 200 fails the bench. */
async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const table: string[] = [
  '| call | project | floor | throughput ratio | p99 ratio | holds |',
  '|---|---|---|---|---|---|',
];
let allHold = true;
for (const s of scenarios) {
  // The answers must be the same before their speed is compared.
  // Each side builds its links on the host it was called at: the two ports aside, the answers must be the same.
  const [mine, theirs] = await Promise.all(
    [base, floorBase].map(async (b) =>
      JSON.parse((await (await fetch(b + s.path, { headers: s.headers ?? {} })).text()).replaceAll(b, 'http://host')),
    ),
  );
  if (!isDeepStrictEqual(mine, theirs)) {
    // Shown from just before the first character that differs: a long answer's difference is rarely at its start.
    const [a, b] = [JSON.stringify(mine), JSON.stringify(theirs)];
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    const from = Math.max(0, at - 200);
    throw new Error(
      `${s.name}: the floor answers differently at character ${at}\nproject: …${a.slice(from, from + 600)}\nfloor:   …${b.slice(from, from + 600)}`,
    );
  }
  // A second of each side first, not counted: both start the route with their code compiled and their pools warm.
  if (process.env.BENCH_PROFILE !== '1')
    for (const b of [floorBase, base])
      await autocannon({ url: b + s.path, headers: s.headers ?? {}, connections, duration: 1 });
  // Side by side in alternating rounds, so a busy moment of the machine weighs on both; the median round decides.
  const pairs = [];
  for (let round = 0; round < rounds; round++) {
    const f =
      process.env.BENCH_PROFILE === '1' ? { rps: 1, p50: 1, p99: 1 } : await load(floorBase + s.path, s.headers);
    const p = await load(base + s.path, s.headers);
    pairs.push({ f, p, ratio: p.rps / f.rps, p99Ratio: p.p99 / Math.max(1, f.p99) });
  }
  const median = <T>(xs: T[], by: (x: T) => number) =>
    [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;
  const { f, p, ratio } = median(pairs, (x) => x.ratio);
  const p99Ratio = median(pairs, (x) => x.p99Ratio).p99Ratio;
  const holds = ratio >= s.target && p99Ratio <= 2;
  allHold &&= holds;
  table.push(
    `| ${s.name} \`GET ${s.path.split('?')[0]}\` | ${fmt(p.rps)} req/s, p99 ${p.p99} ms | ${fmt(f.rps)} req/s, p99 ${f.p99} ms | ${ratio.toFixed(2)} | ${p99Ratio.toFixed(2)} | ${holds ? 'yes' : 'NO'} |`,
  );
  console.log(table.at(-1));
}

// Phase submissions: members at the same phase submit once each, on the product and then (the same members put back)
// on the floor, which writes the same rows in one transaction; alternating rounds (BENCH_SUBMIT_ROUNDS, 3), the median
// ratio decides, and every round must count each member once.
if (!only || only.includes('submit')) {
  const count = submitterCount;
  const phase = await (
    await fetch(`${base}/api/user/channel/warrior/general/phase`, {
      headers: { authorization: `Bearer ${cloned[0]!.token}` },
    })
  ).json();
  const body = exercisesBody(phase as Parameters<typeof exercisesBody>[0]);
  const pairs = [];
  for (let round = 0; round < Math.max(1, Number(process.env.BENCH_SUBMIT_ROUNDS ?? 3)); round++) {
    // Which side goes first alternates, so a machine speeding up or slowing down weighs on both.
    const run = async (b: string) => {
      const result = await runSubmissions(b, databaseUrl, cloned, body, connections * 10);
      await submitters.reset(databaseUrl, cloned);
      return result;
    };
    const theirsFirst = round % 2 === 1 ? await run(floorBase) : null;
    const mine = await run(base);
    const theirs = theirsFirst ?? (await run(floorBase));
    if (theirs.errors || theirs.doubles)
      throw new Error(`phase submit: the floor failed ${theirs.errors} and counted ${theirs.doubles} twice`);
    if (!isDeepStrictEqual(mine.first, theirs.first))
      throw new Error(
        `phase submit: the floor answers differently\nproject: ${JSON.stringify(mine.first)}\nfloor:   ${JSON.stringify(theirs.first)}`,
      );
    pairs.push({ mine, theirs, ratio: mine.rps / theirs.rps });
  }
  const { mine, theirs, ratio } = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
  const errors = pairs.reduce((n, p) => n + p.mine.errors, 0);
  const doubles = pairs.reduce((n, p) => n + p.mine.doubles, 0);
  const holds = ratio >= 0.5 && errors === 0 && doubles === 0;
  allHold &&= holds;
  table.push(
    `| phase submit \`POST …/general/phase/exercises\`, ${count} members, ${connections * 10} at once | ${fmt(mine.rps)} req/s, p99 ${mine.p99} ms | ${fmt(theirs.rps)} req/s, p99 ${theirs.p99} ms | ${ratio.toFixed(2)} | ${(mine.p99 / Math.max(1, theirs.p99)).toFixed(2)} | ${holds ? 'yes' : 'NO'} (${errors} errors, ${doubles} counted twice, ${pairs.length} rounds) |`,
  );
  console.log(table.at(-1));
}

const assets = join(clientDist, 'assets');
const bundles: string[] = [];
try {
  const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const sized = files
    .map((f) => ({
      f,
      gz: gzipSync(readFileSync(join(assets, f)), { level: 9 }).length,
      raw: statSync(join(assets, f)).size,
    }))
    .sort((a, b) => b.gz - a.gz);
  const html = readFileSync(join(clientDist, 'index.html'), 'utf8');
  const entry = html.match(/assets\/(index-[^"]+\.js)/)?.[1];
  const entryGz = sized.find((s) => s.f === entry)?.gz ?? 0;
  // Everything index.html makes a first visit fetch before the app runs: the entry and the chunks it preloads.
  const boot = [...html.matchAll(/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const bootGz = sized.filter((s) => boot.includes(s.f)).reduce((n, s) => n + s.gz, 0);
  bundles.push(
    `Entry chunk ${entry}: ${(entryGz / 1024).toFixed(1)} KB gzipped (target <= 90 KB); with the ${boot.length - 1} chunks it preloads ${(bootGz / 1024).toFixed(1)} KB; all JS and CSS ${(sized.reduce((n, s) => n + s.gz, 0) / 1024).toFixed(1)} KB gzipped in ${sized.length} files.`,
  );
  // What the service worker downloads at install so the app opens with no network (its precache manifest in sw.js).
  const sw = readFileSync(join(clientDist, 'sw.js'), 'utf8');
  const manifest = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const precached = [...new Set(manifest)].map((url) => readFileSync(join(clientDist, url)));
  const precacheRaw = precached.reduce((n, b) => n + b.length, 0);
  const precacheGz = precached.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  bundles.push(
    `Precache (service worker, downloaded once at install): ${manifest.length} files, ${(precacheRaw / 1024).toFixed(1)} KB, ${(precacheGz / 1024).toFixed(1)} KB gzipped; sw.js itself ${(gzipSync(sw, { level: 9 }).length / 1024).toFixed(1)} KB gzipped.`,
  );
} catch {
  bundles.push('No client build found (npm run build first to measure bundle sizes).');
}

// Lighthouse (mobile, simulated slow 4G) on /login, /gateway/gateway and the calibrated demo member's phase runner,
// before the server stops; the submissions above moved only the copies, not the demo member.
let lighthouse: Awaited<ReturnType<(typeof import('./lighthouse.ts'))['runLighthouse']>> = [];
let lighthouseSlowdown = 4;
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (process.env.BENCH_LIGHTHOUSE === '1') {
  const { runLighthouse, slowdown } = await import('./lighthouse.ts');
  lighthouseSlowdown = slowdown;
  lighthouse = await runLighthouse({ base, memberToken: member, runs: lighthouseRuns });
}

await server.stop();

await db?.stop();
rmSync(scratch, { recursive: true, force: true });

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\n${cpus().length} cores (${cpu}), Node ${process.version}, PostgreSQL ${db ? 'embedded' : 'from DATABASE_URL'} on the same machine; autocannon over loopback from another process, ${connections} connections, median of ${rounds} alternating rounds of ${seconds} s a side; server, database and load generator share the cores.\n`,
);
console.log(table.join('\n'));
console.log('\n' + bundles.join('\n'));
if (lighthouse.length) {
  console.log(
    `\nLighthouse, mobile (simulated slow 4G, ${lighthouseSlowdown}x CPU slowdown), performance, median of ${lighthouseRuns} runs (target >= 95):\n`,
  );
  console.log('| page | score | FCP | LCP | TBT | CLS | runs |\n|---|---|---|---|---|---|---|');
  for (const r of lighthouse) {
    console.log(
      `| ${r.page} | ${r.score} | ${r.fcp} ms | ${r.lcp} ms | ${r.tbt} ms | ${r.cls.toFixed(3)} | ${r.scores.join(', ')} |`,
    );
    allHold &&= r.score >= 95;
  }
}
console.log(allHold ? '\nEvery call holds its target.' : '\nSome calls miss their target (NO above).');
