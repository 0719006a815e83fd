import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { repoRoot } from '../config.ts';
import { entities } from '../entities/index.ts';

const migrationsPath = join(repoRoot, 'migrations');

/** The one ORM configuration, used by the server, the CLI scripts and the tests. */
function ormConfig(databaseUrl: string, debug = false) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    debug,
    // Entities are plain schemas; nothing to discover from files at run time.
    discovery: { warnWhenNoEntities: true },
    forceUtcTimezone: true,
    // The job queue's tables belong to graphile-worker, which migrates them itself (services/jobs.ts).
    schemaGenerator: { ignoreSchema: ['graphile_worker'] },
    pool: { min: 0, max: 10 },
    // pg's own pool options: a connection that cannot be made (database host gone silent) or a free slot not found in
    // 5 s fails the request with a 503 instead of holding it for the OS's TCP timeout; keepAlive notices dead peers.
    driverOptions: { connectionTimeoutMillis: 5000, keepAlive: true },
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: true,
      snapshotName: '.snapshot-evolution',
      emit: 'ts',
      fileName: (timestamp: string, name?: string) => `Migration${timestamp}${name ? '_' + name : ''}`,
    },
  });
}

/** Connects MikroORM to a PostgreSQL database. */
export function createOrm(databaseUrl: string, debug = false): Promise<MikroORM> {
  return MikroORM.init(ormConfig(databaseUrl, debug));
}
