/** npm run db:migrate: applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR). */
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateUp } from '../db/migrate.ts';

const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir, persistent: true });
try {
  const applied = await migrateUp(config.databaseUrl || embedded!.url);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply: the database is up to date.');
} finally {
  await embedded?.stop();
}
