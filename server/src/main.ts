import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { createOrm } from './db/orm.ts';
import { migrateOrm } from './db/migrate.ts';
import { seedAll } from './db/seed.ts';
import { paymentStartupWarning } from './services/payments/index.ts';
import { join } from 'node:path';
import pg from 'pg';

/** Runs `work` while holding a PostgreSQL advisory lock that every instance of the server takes at start. */
async function oneInstanceAtATime<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('evolution:startup'))");
    return await work();
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

/** Starts the product: embedded PostgreSQL when no DATABASE_URL, migrations, seeds, then one Fastify server. */
async function main() {
  const config = loadConfig();
  const payments = paymentStartupWarning(config);
  if (payments) console.warn(payments);
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      persistent: true,
    });
    config.databaseUrl = embedded.url;
    console.log(`Embedded PostgreSQL started (data in ${join(config.dataDir, 'postgres')})`);
  }
  const orm = await createOrm(config.databaseUrl);
  // Replicas starting together on one database migrate and seed one after another, never side by side.
  const { applied, report } = await oneInstanceAtATime(config.databaseUrl, async () => {
    const applied = await migrateOrm(orm);
    return { applied, report: await seedAll(orm.em.fork(), config) };
  });
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  // CLIENT_DIST: another build of the client to serve (browser tests built side by side each have their own).
  const app = await buildApp(config, { orm, clientDist: process.env.CLIENT_DIST || undefined });

  // Graceful stop. SIGTERM (docker stop, an orchestrator): /healthz turns 503 at once while requests are still served
  // for SHUTDOWN_DRAIN_MS, so the load balancer moves away; then no new connection is accepted, requests in flight
  // finish (cut after SHUTDOWN_GRACE_MS), the job worker and the pools close. SIGINT (Ctrl-C) skips the drain.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    app.draining = true;
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0)
      await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    const cut = setTimeout(() => {
      console.error(`Requests still running after ${config.shutdownGraceMs} ms: closing their connections.`);
      app.server.closeAllConnections();
      // Whatever still holds the process after that (a pool that will not close) does not keep the replica alive.
      setTimeout(() => process.exit(1), 5000).unref();
    }, config.shutdownGraceMs);
    try {
      await app.close();
      await orm.close(true);
      if (embedded) await embedded.stop();
    } catch (err) {
      console.error('Failed to stop cleanly:', err);
      process.exit(1);
    }
    clearTimeout(cut);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The port actually bound (PORT=0 picks a free one).
  const bound = app.server.address();
  const url = `http://localhost:${bound && typeof bound === 'object' ? bound.port : config.port}`;
  console.log(`\nEvolution is running at ${url}`);
  if (report.admin)
    console.log(`Admin account ${report.admin.email} ${report.admin.created ? 'created' : 'kept as it was'}.`);
  if (report.demo) {
    console.log('Demo accounts:');
    console.log(`  admin   ${report.demo.admin.email} / ${report.demo.admin.password}`);
    console.log(`  member  ${report.demo.member.email} / ${report.demo.member.password}`);
    console.log(`  warrior ${report.demo.warrior.email} / ${report.demo.warrior.password}`);
  }
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
