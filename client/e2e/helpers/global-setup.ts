import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../server/src/db/embedded.ts';
import { createDatabase } from '../../../server/test/helpers/postgres.ts';
import { E2E_ADMIN } from './accounts.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const resultsDir = join(repoRoot, 'test-results');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser tests' lanes, one per worker of the browser project (see setup below). */
    e2eLanes: E2eLane[];
  }
}

/** What the test SMTP server stores per message. */
export interface StoredMail {
  from: string | null;
  to: string[];
  receivedAt: string;
  raw: string;
}

/**
 * A real SMTP server on a free local port that accepts any message (no auth, no TLS) and writes it to `mailDir`, so
 * the app's own nodemailer transport is what delivers the password-reset mail in the browser tests.
 */
async function startMailServer(mailDir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Without STARTTLS on offer, nodemailer sends in plain text on the loopback interface.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closed after the server has stopped: nothing is left to wait for.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: StoredMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Written whole, then renamed into place: a reader never sees half a message.
        const name = `${Date.now()}-${String(++seq).padStart(4, '0')}`;
        writeFileSync(join(mailDir, `${name}.tmp`), JSON.stringify(mail));
        renameSync(join(mailDir, `${name}.tmp`), join(mailDir, `${name}.json`));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  return { port, stop: () => new Promise<void>((done) => server.close(() => done())) };
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** Where the client is built and served from: client/dist, or E2E_CLIENT_DIST (runs side by side, each its own). */
const clientDist = process.env.E2E_CLIENT_DIST ? resolve(process.env.E2E_CLIENT_DIST) : join(repoRoot, 'client/dist');

/** `vite build` of the client into `clientDist`, skipped when E2E_CLIENT_FRESH=1 says the build is current. */
async function buildClient() {
  if (process.env.E2E_CLIENT_FRESH === '1' && existsSync(join(clientDist, 'index.html'))) return;
  const vitePackage = createRequire(join(repoRoot, 'client/package.json')).resolve('vite/package.json');
  await run(
    process.execPath,
    [join(dirname(vitePackage), 'bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', clientDist],
    join(repoRoot, 'client'),
  );
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(
        `The server exited with ${server.signalCode ?? server.exitCode} before it was healthy; see ${logFile}:\n${tail(logFile)}`,
      );
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not healthy within ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`);
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Stops the server with SIGTERM (it then stops its embedded PostgreSQL); SIGKILL and a stray-postmaster sweep after 20 s. */
async function stopServer(server: ChildProcess, dataDir: string) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  server.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 20_000))),
  ]);
  clearTimeout(timer);
  if (inTime) return;
  server.kill('SIGKILL');
  await exited;
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

/** One lane of the browser tests: a real server with its own data folder, database and mailbox. */
export interface E2eLane {
  /** Where the real server under browser test listens, e.g. http://127.0.0.1:43121 */
  baseUrl: string;
  /** Where the lane's test SMTP server writes each message it receives, one JSON file per message (see mailbox.ts). */
  mailDir: string;
}

/**
 * Starts one lane: a test SMTP server and the real server (`node server/src/main.ts`) on free ports with a throw-away
 * DATA_DIR, and waits for GET /healthz = 200. With TEST_DATABASE_URL the server gets a fresh database there; otherwise
 * it runs its own embedded PostgreSQL, exactly as `npm start` does. Answers the lane and how to stop it.
 */
async function startLane(lane: number): Promise<E2eLane & { stop: () => Promise<void>; deaths: string[] }> {
  // What to undo, each step pushed as its thing is made: the last made is undone first, by stop or by a failed start.
  const undo: (() => unknown)[] = [];
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step();
  };
  try {
    const dataDir = mkdtempSync(join(tmpdir(), `evolution-e2e-${lane}-`));
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const mailDir = join(dataDir, 'smtp-received');
    mkdirSync(mailDir, { recursive: true });
    const mail = await startMailServer(mailDir);
    undo.push(() => mail.stop());
    const port = await freePort();
    const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL, 'e2e') : null;
    if (database) undo.push(() => database.drop().catch(() => {}));
    mkdirSync(resultsDir, { recursive: true });
    const logFile = join(resultsDir, `e2e-server-${lane}.log`);
    const log = createWriteStream(logFile);
    undo.push(() => log.end());

    const env = {
      // As `npm start` would run it: without the test runner's NODE_ENV=test and VITEST* variables.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
      ),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in emails point at the server under test.
      APP_URL: `http://127.0.0.1:${port}`,
      // Mail goes through the test SMTP server (server/src/services/mail.ts: nodemailer with this URL, plain SMTP).
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      // Lanes start side by side: each embedded PostgreSQL on a port of its own.
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_SEED: '1',
      // The browser tests buy plans with the offline test cards, with or without a DATABASE_URL.
      PAYMENT_PROVIDER: 'offline',
      // Each request is logged: the end of the log says what a server that died was doing.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      SERVE_CLIENT: '1',
      CLIENT_DIST: clientDist,
      // The browser tests log in many times from one address.
      AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '1000',
      // Cheap hashing, as the server tests use: hundreds of sign-ups and sign-ins, and the hash's cost is not under test.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      // Devices subscribe on the test's local push service (push.e2e.ts), plain http on the loopback.
      PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    };
    const baseUrl = `http://127.0.0.1:${port}`;

    // The last of what the server printed, kept here too: a dying server's last words may not have reached the file.
    let lastWords = '';
    const keep = (chunk: Buffer) => (lastWords = (lastWords + chunk.toString()).slice(-8000));
    const spawnServer = () => {
      const child = spawn(process.execPath, ['server/src/main.ts'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
      });
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      return child;
    };

    // A server that exits while its lane's files run would fail every later test with ECONNREFUSED. It is said at once,
    // with what it printed (CI keeps only the run's output, not test-results/), and the server is started again on the
    // same port, data folder and database, as an orchestrator would (three times at most), so the files after it still
    // run and show what else breaks. The run fails at teardown all the same: a server that dies is a defect.
    let server = spawnServer();
    let stopping = false;
    const deaths: string[] = [];
    const watch = (child: ChildProcess) =>
      // 'close' comes after the server's output has all been read.
      child.once('close', (code, signal) => {
        if (stopping) return;
        const death = `Lane ${lane}'s server (pid ${child.pid}, ${baseUrl}) exited with ${signal ?? `code ${code}`} at ${new Date().toISOString()} while its tests ran. What it printed since it was healthy, at most the last 8,000 characters (all of it in ${logFile}):\n${lastWords}`;
        deaths.push(death);
        process.stderr.write(`\n${death}\n`);
        if (deaths.length > 3) return;
        server = spawnServer();
        void waitForHealth(baseUrl, server, logFile).then(
          () => {
            process.stderr.write(`Lane ${lane}'s server is running again (pid ${server.pid}).\n`);
            lastWords = '';
            watch(server);
          },
          (err: unknown) => {
            const failed = `Lane ${lane}'s server did not start again: ${String(err)}`;
            deaths.push(failed);
            process.stderr.write(`${failed}\n`);
          },
        );
      });
    undo.push(() => {
      stopping = true;
      return stopServer(server, dataDir);
    });
    await waitForHealth(baseUrl, server, logFile);
    // From here on, what it prints is what the tests made it print.
    lastWords = '';
    watch(server);
    return { baseUrl, mailDir, stop, deaths };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Builds the client and starts one lane per worker of the browser project, side by side, and provides them as
 * `e2eLanes`. Two browser files run at once, each on its own lane (helpers/browser.ts picks it by VITEST_POOL_ID):
 * a file changes what its server holds (an exercise, a page, a form's targets) with no other file watching.
 */
export async function setup(project: TestProject) {
  await buildClient();
  const started = await Promise.allSettled(
    Array.from({ length: project.config.maxWorkers }, (_, i) => startLane(i + 1)),
  );
  const lanes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failures = started.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length) {
    await Promise.allSettled(lanes.map((l) => l.stop()));
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'Browser-test lanes failed to start');
  }
  project.provide(
    'e2eLanes',
    lanes.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  );
  return async () => {
    const deaths = lanes.flatMap((l) => l.deaths);
    await Promise.allSettled(lanes.map((l) => l.stop()));
    // Said again where a reader of the run's end looks, failing the run: the tests after a restart may all have passed.
    if (deaths.length) throw new Error(`A browser-test server exited during the run:\n\n${deaths.join('\n\n')}`);
  };
}
