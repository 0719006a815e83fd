import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  Logger,
  makeWorkerUtils,
  parseCronItems,
  run,
  runMigrations,
  type LogLevel,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import { sql } from 'kysely';
import { EventEmitter, once } from 'node:events';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { db, now } from '../db/kysely.ts';
import { serviceLog } from './log.ts';
import { sendMail, type Mail } from './mail.ts';
import { deleteUnsubmittedPhotos } from './media.ts';
import { messageTasks } from './messageDelivery.ts';
import { passwordResetTasks } from './passwordReset.ts';
import { pushTasks } from './push.ts';
import { RATE_LIMIT_TABLE } from './rateLimit.ts';
import { vo2RelabelTasks } from './vo2Relabel.ts';

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
  const payload: Mail = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
  };
  await sql`select graphile_worker.add_job(${MAIL_TASK}, ${JSON.stringify(payload)}::json, max_attempts => ${MAIL_MAX_ATTEMPTS})`.execute(
    db(em),
  );
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
  pool.on('connect', (client) =>
    client.on('error', (err) => serviceLog(config, 'warn', 'Job queue connection lost', { err: err.message })),
  );
  return pool;
}

/** The hourly purge of tokens ended by logout, and of remember-me tokens' last uses, once expired anyway. */
export const PURGE_REVOKED_TOKENS_TASK = 'purge_revoked_tokens';
/**
 * The hourly upkeep: permanently failed jobs past their inspection time, unused queue rows, expired throttle rows,
 * password-reset rows past use and payment webhook ids past any redelivery (docs/architecture.md, "Growth").
 */
export const QUEUE_MAINTENANCE_TASK = 'maintain_queue';
/** The hourly clean-up of progress photos never put in a submission, 24 hours after upload (services/media.ts). */
export const UNSUBMITTED_PHOTOS_TASK = 'delete_unsubmitted_photos';
/** How long a job that failed for good (a mail never delivered) stays in graphile_worker.jobs for inspection. */
const FAILED_JOB_KEEP_DAYS = 30;
/** Throttle rows are kept an hour past their window (as the limiter library does) so a late check still finds them. */
const EXPIRED_THROTTLE_KEEP_MS = 3_600_000;
/** A password-reset row a week past its link's end: long enough for a late click to read "expired", not "invalid". */
const EXPIRED_RESET_KEEP_DAYS = 7;
/** A payment webhook's id, kept 30 days to refuse a redelivery (Stripe retries for up to 3 days). */
const PAYMENT_EVENT_KEEP_DAYS = 30;

/**
 * The schedules, run by graphile-worker's cron in every server process: each schedule is claimed in its
 * `known_crontabs` row in the same statement that queues the job, so however many instances run, each hour's run is
 * queued once and taken by one worker. A run missed while every instance was down is made up once at the next start.
 */
const SCHEDULES = parseCronItems([
  { task: PURGE_REVOKED_TOKENS_TASK, match: '0 * * * *', options: { backfillPeriod: 3_600_000, maxAttempts: 3 } },
  { task: QUEUE_MAINTENANCE_TASK, match: '30 * * * *', options: { backfillPeriod: 3_600_000, maxAttempts: 3 } },
  { task: UNSUBMITTED_PHOTOS_TASK, match: '45 * * * *', options: { backfillPeriod: 3_600_000, maxAttempts: 3 } },
]);

/** A worker running inside this server process; `stop()` lets a job being run finish, then closes its connections. */
export interface JobWorker {
  stop(): Promise<void>;
}

/**
 * Starts this process's worker: it sends queued mail through `sendMail`, push notifications (services/push.ts) and
 * coaches' messages (services/messageDelivery.ts), retrying a failed send with backoff, and takes its share of the
 * scheduled jobs (SCHEDULES). The tasks' own queries go through the app's ORM (`orm`), each run on a fork of its own.
 */
export async function startJobWorker(config: AppConfig, orm: MikroORM): Promise<JobWorker> {
  // One connection waits on LISTEN, the others take and complete jobs: a small pool is plenty for mail.
  const pool = workerPool(config, 3);
  // A worker that cannot start (the database refuses it) leaves no pool behind.
  const utils = await makeWorkerUtils({ pgPool: pool, logger: workerLogger(config) }).catch(async (err) => {
    await pool.end();
    throw err;
  });
  const taskList: TaskList = {
    [MAIL_TASK]: async (payload) => {
      await sendMail(config, payload as Mail);
    },
    ...pushTasks(config, orm),
    ...messageTasks(config, orm),
    ...vo2RelabelTasks(config, orm),
    ...passwordResetTasks(config, orm),
    [PURGE_REVOKED_TOKENS_TASK]: async () => {
      await db(orm.em.fork()).deleteFrom('revoked_tokens').where('expires_at', '<', now()).execute();
      // The last uses of remember-me tokens that have expired anyway.
      await db(orm.em.fork()).deleteFrom('remembered_tokens').where('expires_at', '<', now()).execute();
    },
    [UNSUBMITTED_PHOTOS_TASK]: async () => {
      await deleteUnsubmittedPhotos({ em: orm.em.fork(), config });
    },
    [QUEUE_MAINTENANCE_TASK]: async () => {
      const kysely = db(orm.em.fork());
      // graphile-worker has no public call for this age-bounded delete; its own cleanup runs the same query on the
      // same table without the age limit (DELETE_PERMAFAILED_JOBS).
      await sql`delete from graphile_worker._private_jobs where attempts >= max_attempts and locked_at is null and updated_at < now() - make_interval(days => ${FAILED_JOB_KEEP_DAYS})`.execute(
        kysely,
      );
      await kysely
        .deleteFrom(RATE_LIMIT_TABLE)
        .where('expire', '<', Date.now() - EXPIRED_THROTTLE_KEEP_MS)
        .execute();
      await kysely
        .deleteFrom('password_resets')
        .where('expires_at', '<', sql<string>`now() - make_interval(days => ${EXPIRED_RESET_KEEP_DAYS})`)
        .execute();
      await kysely
        .deleteFrom('payment_events')
        .where('received_at', '<', sql<string>`now() - make_interval(days => ${PAYMENT_EVENT_KEEP_DAYS})`)
        .execute();
      // The library's own upkeep: task names and queues no job refers to any more.
      await utils.cleanup({
        tasks: ['GC_JOB_QUEUES', 'GC_TASK_IDENTIFIERS'],
        taskIdentifiersToKeep: Object.keys(taskList),
      });
    },
  };
  const events: WorkerEvents = new EventEmitter();
  // Started once the schedules are registered and any run missed while every instance was down is queued.
  const cronStarted = once(events, 'cron:started');
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: 2,
    // The server handles SIGINT/SIGTERM itself and stops the worker as it closes.
    noHandleSignals: true,
    pollInterval: config.jobPollIntervalMs,
    logger: workerLogger(config),
    taskList,
    parsedCronItems: SCHEDULES,
    events,
  }).catch(async (err) => {
    await utils.release();
    await pool.end();
    throw err;
  });
  // The app is ready once its schedules are in place; a database that refuses them now is retried by the library.
  await Promise.race([cronStarted, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  let stopping: Promise<void> | null = null;
  return {
    stop: () =>
      (stopping ??= runner
        .stop('server closing')
        .finally(() => utils.release())
        .finally(() => pool.end())),
  };
}
