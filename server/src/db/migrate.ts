import { createOrm } from './orm.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateJobQueue } from '../services/jobs.ts';

/** Applies every pending migration from migrations/ (never schema:update), then the job queue's own schema. */
export async function migrateOrm(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  // graphile-worker versions its `graphile_worker` schema itself (services/jobs.ts).
  await migrateJobQueue({ databaseUrl: orm.config.get('clientUrl')!, logLevel: 'silent' });
  return applied.map((m) => m.name);
}

/** Opens a connection, applies pending migrations, closes. */
export async function migrateUp(databaseUrl: string): Promise<string[]> {
  const orm = await createOrm(databaseUrl);
  try {
    return await migrateOrm(orm);
  } finally {
    await orm.close(true);
  }
}
