/** npm run db:seed: idempotent reference data, the ADMIN_EMAIL admin, and demo accounts when DEMO_SEED is on. */
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateOrm } from '../db/migrate.ts';
import { createOrm } from '../db/orm.ts';
import { seedAll } from '../db/seed.ts';

const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir, persistent: true });
// The demo's history trains through the services, whose throttles connect to this database too.
if (embedded) config.databaseUrl = embedded.url;
const orm = await createOrm(config.databaseUrl);
try {
  await migrateOrm(orm);
  const report = await seedAll(orm.em.fork(), config);
  console.log(
    'Seeded reference data.',
    report.admin ? `Admin ${report.admin.email}.` : '',
    report.demo ? 'Demo accounts present.' : '',
  );
} finally {
  await orm.close(true);
  await embedded?.stop();
}
