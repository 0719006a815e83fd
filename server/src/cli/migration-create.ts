/**
 * npm run db:migration:create [-- name]: writes a migration for the difference between the entities and the
 * migrations so far. Uses DATABASE_URL, or a throwaway embedded PostgreSQL so no database is needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm } from '../db/orm.ts';

const name = process.argv[2];
const scratch = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'evolution-migration-'));
const embedded = scratch ? await startEmbeddedPostgres({ dataDir: scratch, persistent: false }) : null;
const orm = await createOrm(process.env.DATABASE_URL || embedded!.url);
try {
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, name);
  console.log(
    result.diff.up.length ? `Created ${result.fileName}` : 'No changes: the migrations already match the entities.',
  );
} finally {
  await orm.close(true);
  await embedded?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
