/**
 * The bench's server process: the product and its floor side by side on one database, in a process of their own so
 * the load generator (the parent, server/bench/run.ts) never shares their event loop. Prints the two ports as JSON.
 * Run with `node --cpu-prof` (BENCH_PROFILE=1 in run.ts) to see where the product's time goes.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { buildFloor } from './floor.ts';

const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_CLIENT: '0' }),
  databaseUrl: process.env.DATABASE_URL!,
};
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const floor = await buildFloor({
  databaseUrl: config.databaseUrl,
  jwtSecret: config.jwtSecret,
  dataDir: config.dataDir,
});
await floor.listen({ port: 0, host: '127.0.0.1' });
const portOf = (a: typeof app) => {
  const addr = a.server.address();
  return typeof addr === 'object' && addr ? addr.port : 0;
};
process.stdout.write(`${JSON.stringify({ app: portOf(app), floor: portOf(floor) })}\n`);

// The parent closes stdin when it is done: close both apps so a CPU profile is written on the way out.
process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  await floor.close();
  process.exit(0);
});
