import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, startTestPostgres, type TestPostgres } from './postgres.ts';

let server: TestPostgres | undefined;
let templateDataDir: string | undefined;

/**
 * Starts one PostgreSQL for the whole integration run and prepares a migrated, seeded template database once; each
 * test file then copies it (CREATE DATABASE … TEMPLATE takes a fraction of a second; migrating and seeding take four).
 */
export async function setup(project: TestProject) {
  server = await startTestPostgres((message) => console.warn(message));
  console.log(`Integration tests use PostgreSQL from ${server.source}.`);
  templateDataDir = mkdtempSync(join(tmpdir(), 'evolution-template-'));
  const template = await createDatabase(server.adminUrl, 'template');
  const { migrateUp } = await import('../../src/db/migrate.ts');
  await migrateUp(template.url);
  await (await import('../../src/db/seed.ts')).seedReference(template.url, { dataDir: templateDataDir });
  project.provide('databaseAdminUrl', server.adminUrl);
  project.provide('databaseTemplate', template.name);
  project.provide('templateDataDir', templateDataDir);
}

export async function teardown() {
  await server?.stop();
  server = undefined;
  if (templateDataDir) rmSync(templateDataDir, { recursive: true, force: true });
}
