import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgres } from './postgres.ts';

let server: TestPostgres | undefined;

/** Starts one PostgreSQL for the whole integration run; each test file then creates its own database on it. */
export async function setup(project: TestProject) {
  server = await startTestPostgres((message) => console.warn(message));
  console.log(`Integration tests use PostgreSQL from ${server.source}.`);
  project.provide('databaseAdminUrl', server.adminUrl);
}

export async function teardown() {
  await server?.stop();
  server = undefined;
}
