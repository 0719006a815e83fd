import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL server for a test run; `adminUrl` may create and drop databases. */
export interface TestPostgres {
  adminUrl: string;
  source: 'TEST_DATABASE_URL' | 'testcontainers' | 'embedded';
  stop(): Promise<void>;
}

/** Where the Docker engine would answer, from DOCKER_HOST or the usual socket paths. */
function dockerEndpoint(): { socketPath: string } | { host: string; port: number } | null {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  if (dockerHost?.startsWith('tcp://')) {
    const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  const candidates = [
    '/var/run/docker.sock',
    join(homedir(), '.docker/run/docker.sock'),
    process.env.XDG_RUNTIME_DIR && join(process.env.XDG_RUNTIME_DIR, 'docker.sock'),
  ];
  const socketPath = candidates.find((p): p is string => !!p && existsSync(p));
  return socketPath ? { socketPath } : null;
}

/** True when a Docker engine answers `GET /_ping` within `timeoutMs`; never hangs. */
function dockerAnswers(timeoutMs = 1500): Promise<boolean> {
  const endpoint = dockerEndpoint();
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function startContainer(): Promise<TestPostgres> {
  // Ryuk (the reaper container) is often unavailable on CI runners; we stop the container ourselves.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const image = process.env.POSTGRES_IMAGE || 'postgres:18-alpine';
  const container = await new PostgreSqlContainer(image)
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'])
    .start();
  return {
    adminUrl: container.getConnectionUri(),
    source: 'testcontainers',
    stop: async () => void (await container.stop()),
  };
}

async function startEmbedded(): Promise<TestPostgres> {
  const { startEmbeddedPostgres } = await import('../../src/db/embedded.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'evolution-test-pg-'));
  const db = await startEmbeddedPostgres({ dataDir, persistent: false });
  return {
    adminUrl: db.url,
    source: 'embedded',
    stop: async () => {
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL for a test run, in this order: `TEST_DATABASE_URL` (left running), a Testcontainers PostgreSQL
 * (`POSTGRES_IMAGE`, default postgres:18-alpine) when a Docker engine answers, else an embedded, throw-away cluster.
 */
export async function startTestPostgres(log: (message: string) => void = () => {}): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, source: 'TEST_DATABASE_URL', stop: async () => {} };
  if (await dockerAnswers()) {
    try {
      return await startContainer();
    } catch (err) {
      log(`Testcontainers PostgreSQL failed (${(err as Error).message}); using embedded PostgreSQL instead.`);
    }
  }
  return startEmbedded();
}

/** The same server and credentials as `url`, another database. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // Connect to the maintenance database, since the admin URL's own database may be one we drop.
  let client = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // no `postgres` database: use the URL's own
    client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a database with a unique name (prefix `test_`) on the server behind `adminUrl`: empty, or a copy of `template`. */
export async function createDatabase(
  adminUrl: string,
  prefix = 'test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const copy = template ? ` TEMPLATE ${template.replace(/[^a-z0-9_]/g, '')}` : '';
  await onServer(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}${copy}`));
  return {
    name,
    url: withDatabase(adminUrl, name),
    // WITH (FORCE) ends connections a test left open (PostgreSQL 13+).
    drop: () =>
      onServer(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
