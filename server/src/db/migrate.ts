import { createOrm } from './orm.ts';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Applies every pending migration from migrations/ (never schema:update). */
export async function migrateOrm(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
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
