import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AppConfig } from '../../src/config.ts';
import { createDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a PostgreSQL role that may create and drop databases (see global-setup.ts). */
    databaseAdminUrl: string;
    /** A migrated, seeded database each test file copies (see global-setup.ts). */
    databaseTemplate: string;
    /** Where the template's seed wrote its pictures (meal images), copied into each file's data folder. */
    templateDataDir: string;
  }
}

/** A fresh, migrated database for one test file. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a uniquely named database, a copy of the run's migrated and seeded template, with the seed's pictures in dataDir. */
export async function createTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const database = await createDatabase(inject('databaseAdminUrl'), 'test', inject('databaseTemplate'));
  try {
    const { testConfig } = await import('../../src/config.ts');
    // Existing files are kept: files sharing the default data folder copy the same content-named pictures.
    cpSync(inject('templateDataDir'), dataDir ?? testConfig().dataDir, {
      recursive: true,
      force: false,
      errorOnExist: false,
    });
  } catch (err) {
    await database.drop();
    throw err;
  }
  return { url: database.url, drop: database.drop };
}

/**
 * For an integration test file: before all tests, a clean migrated database and an app built by the production
 * `buildApp`; after all, the app is closed and the database dropped. Call at the top level of the file.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): {
  readonly app: FastifyInstance;
  readonly databaseUrl: string;
} {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    const [{ buildApp }, { testConfig }] = await Promise.all([
      import('../../src/app.ts'),
      import('../../src/config.ts'),
    ]);
    const config = testConfig(overrides);
    database = await createTestDatabase(config.dataDir);
    app = await buildApp({ ...config, databaseUrl: database.url });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  return {
    get app() {
      if (!app) throw new Error('useTestApp(): the app exists only inside tests (after beforeAll).');
      return app;
    },
    get databaseUrl() {
      if (!database) throw new Error('useTestApp(): the database exists only inside tests (after beforeAll).');
      return database.url;
    },
  };
}

/**
 * useTestApp with a data folder (uploads, outbox) of the file's own, made in the system's temporary folder and
 * removed after all tests. `name` tells the folders apart: evolution-<name>-XXXXXX.
 */
export function useTestAppWithDataDir(
  name: string,
  overrides: Partial<AppConfig> = {},
): ReturnType<typeof useTestApp> & { readonly dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), `evolution-${name}-`));
  // Registered first so it runs last (after hooks run in reverse order): the app closes before its folder goes.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const ctx = useTestApp({ dataDir, ...overrides });
  return {
    get app() {
      return ctx.app;
    },
    get databaseUrl() {
      return ctx.databaseUrl;
    },
    dataDir,
  };
}
