import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { createOrm } from './db/orm.ts';
import { migrateOrm } from './db/migrate.ts';
import { seedAll } from './db/seed.ts';
import { join } from 'node:path';

/** Starts the product: embedded PostgreSQL when no DATABASE_URL, migrations, seeds, then one Fastify server. */
async function main() {
  const config = loadConfig();
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, persistent: true });
    config.databaseUrl = embedded.url;
    console.log(`Embedded PostgreSQL started (data in ${join(config.dataDir, 'postgres')})`);
  }
  const orm = await createOrm(config.databaseUrl);
  const applied = await migrateOrm(orm);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const report = await seedAll(orm.em.fork(), config);
  const app = await buildApp(config, { orm });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await app.close();
    await orm.close(true);
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\nEvolution is running at ${url}`);
  if (report.admin) console.log(`Admin account ${report.admin.email} ${report.admin.created ? 'created' : 'kept as it was'}.`);
  if (report.demo) {
    console.log('Demo accounts:');
    console.log(`  admin   ${report.demo.admin.email} / ${report.demo.admin.password}`);
    console.log(`  member  ${report.demo.member.email} / ${report.demo.member.password}`);
  }
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
