import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger, run, runMigrations, type LogLevel, type Runner } from 'graphile-worker';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { serviceLog } from './log.ts';
import { sendMail, type Mail } from './mail.ts';

/**
 * The job queue is graphile-worker on our own PostgreSQL: jobs are rows in its `graphile_worker` schema, added with its
 * SQL function `add_job` on the request's own connection (so they commit or roll back with the request's writes) and
 * picked up at once through its LISTEN/NOTIFY by the worker that runs inside every server process.
 */
export const MAIL_TASK = 'send_mail';

/**
 * How many times a mail is tried before it is left as failed (kept in graphile_worker.jobs for inspection): with the
 * library's backoff of e^n seconds, capped at e^10 (about 6 hours), the tries span about a day and a half.
 */
export const MAIL_MAX_ATTEMPTS = 15;

/**
 * Queues a mail in PostgreSQL on the caller's EntityManager (inside its transaction when there is one, so a write that
 * rolls back sends nothing); a worker sends it later and retries a failed send with backoff.
 */
export async function enqueueMail(em: EntityManager, mail: Mail): Promise<void> {
  const payload: Mail = { to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html === undefined ? {} : { html: mail.html }) };
  await em.execute('select graphile_worker.add_job(?, ?::json, max_attempts => ?)', [MAIL_TASK, JSON.stringify(payload), MAIL_MAX_ATTEMPTS]);
}

// The library's log lines go through our service log (silent in tests); its debug chatter is dropped.
const workerLogger = (config: Pick<AppConfig, 'logLevel'>) =>
  new Logger(() => (level: LogLevel, message: string, meta?: unknown) => {
    if (level === 'error') serviceLog(config, 'error', `Job queue: ${message}`, { meta });
    else if (level === 'warning') serviceLog(config, 'warn', `Job queue: ${message}`, { meta });
  });

/**
 * Installs or upgrades graphile-worker's own schema (`graphile_worker`), which the library versions itself; run after
 * our migrations, and again (a no-op then) whenever a worker starts.
 */
export async function migrateJobQueue(config: Pick<AppConfig, 'databaseUrl' | 'logLevel'>): Promise<void> {
  const pool = workerPool(config, 1);
  try {
    await runMigrations({ pgPool: pool, logger: workerLogger(config) });
  } finally {
    await pool.end();
  }
}

/**
 * The worker's own connections, in a pool this module ends itself: a connection the database drops (a restart, a
 * dropped database) is logged, never an uncaught error, and stop() returns only once every connection is closed.
 */
function workerPool(config: Pick<AppConfig, 'databaseUrl' | 'logLevel'>, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max });
  pool.on('error', (err) => serviceLog(config, 'warn', 'Job queue connection lost', { err: err.message }));
  // Each client is watched itself too: an error on one checked out (the worker's LISTEN) or already removed from the
  // pool is logged, never an uncaught error (graphile-worker warns at start when a pool has no 'connect' handler).
  pool.on('connect', (client) => client.on('error', (err) => serviceLog(config, 'warn', 'Job queue connection lost', { err: err.message })));
  return pool;
}

/** A worker running inside this server process; `stop()` lets a mail being sent finish, then closes its connections. */
export interface JobWorker {
  stop(): Promise<void>;
}

/** Starts this process's worker: it sends queued mail through `sendMail` and retries a failed send with backoff. */
export async function startJobWorker(config: AppConfig): Promise<JobWorker> {
  // One connection waits on LISTEN, the others take and complete jobs: a small pool is plenty for mail.
  const pool = workerPool(config, 3);
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: 2,
    // The server handles SIGINT/SIGTERM itself and stops the worker as it closes.
    noHandleSignals: true,
    pollInterval: config.jobPollIntervalMs,
    logger: workerLogger(config),
    taskList: {
      [MAIL_TASK]: async (payload) => {
        await sendMail(config, payload as Mail);
      },
    },
  });
  let stopping: Promise<void> | null = null;
  return {
    stop: () => (stopping ??= runner.stop('server closing').finally(() => pool.end())),
  };
}
