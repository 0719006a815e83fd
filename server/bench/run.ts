/**
 * npm run bench: throughput and latency of the hot calls on a real PostgreSQL (embedded, throwaway), over loopback,
 * and the gzipped size of the client's bundles. Bounded: each scenario runs BENCH_SECONDS (default 5) seconds.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, clientDist } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateUp } from '../src/db/migrate.ts';
import { createOrm } from '../src/db/orm.ts';
import { DEMO_MEMBER, seedAll } from '../src/db/seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const scratch = mkdtempSync(join(tmpdir(), 'evolution-bench-'));
const db = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: scratch, persistent: false });
const databaseUrl = process.env.DATABASE_URL || db!.url;

const config = { ...loadConfig({ DATA_DIR: scratch, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', SERVE_CLIENT: '0', DEMO_SEED: '1' }), databaseUrl };
await migrateUp(databaseUrl);
const orm = await createOrm(databaseUrl);
await seedAll(orm.em.fork(), config);
await orm.close(true);

const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_MEMBER) });
const token = ((await login.json()) as { access_token: string }).access_token;
const auth = { authorization: `Bearer ${token}` };

const scenarios: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /api/channel (public, REST)', path: '/api/channel' },
  { name: 'GET /trpc/channels.list (public, tRPC)', path: '/trpc/channels.list' },
  { name: 'GET /api/user (start-up, bearer, REST)', path: '/api/user', headers: auth },
  { name: 'GET /trpc/auth.me (start-up, bearer, tRPC)', path: '/trpc/auth.me', headers: auth },
];

const rows: string[] = [];
for (const s of scenarios) {
  const result = await autocannon({ url: base + s.path, headers: s.headers ?? {}, connections: 10, duration: seconds });
  if (result.non2xx) throw new Error(`${s.name}: ${result.non2xx} non-2xx answers`);
  rows.push(`${s.name.padEnd(46)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms`);
}
await app.close();
await db?.stop();
rmSync(scratch, { recursive: true, force: true });

console.log(`\nThroughput over loopback, 10 connections, ${seconds} s each (2 cores, server and load generator share them):`);
for (const r of rows) console.log('  ' + r);

const assets = join(clientDist, 'assets');
try {
  const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const sized = files.map((f) => ({ f, raw: statSync(join(assets, f)).size, gz: gzipSync(readFileSync(join(assets, f))).length })).sort((a, b) => b.gz - a.gz);
  const entry = readFileSync(join(clientDist, 'index.html'), 'utf8').match(/assets\/(index-[^"]+\.js)/)?.[1];
  console.log('\nClient bundles (gzipped), largest first; the entry chunk is what every first visit downloads:');
  for (const { f, gz } of sized.slice(0, 12)) console.log(`  ${f.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB${f === entry ? '   <- entry' : ''}`);
  console.log(`  total ${(sized.reduce((n, s) => n + s.gz, 0) / 1024).toFixed(1)} KB gzipped in ${sized.length} files`);
} catch {
  console.log('\nNo client build found (run npm run build first to measure bundle sizes).');
}
