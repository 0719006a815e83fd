import { Redis } from 'ioredis';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { AppConfig } from '../config.ts';
import { SERVER_MESSAGE } from '@evolution/shared';
import { DomainError } from '../errors.ts';
import { serviceLog } from './log.ts';

/**
 * The throttles of the sign-in flows (docs/product.md §7), shared by every server instance: counted in PostgreSQL
 * (the `rate_limits` table) by default, in Redis when REDIS_URL is set.
 */
export interface RateLimits {
  /** Failed logins per email and address. */
  login: RateLimiterAbstract;
  /** Registrations per address. */
  register: RateLimiterAbstract;
  /** Password-reset requests per address. */
  passwordReset: RateLimiterAbstract;
}

/** The throttles and their store's connections; `ready()` waits for the store, `close()` ends its connections. */
export interface RateLimitStore {
  limits: RateLimits;
  /** Which store counts: every instance pointed at the same one shares the throttles. */
  kind: 'postgres' | 'redis';
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The table our migration creates (entities/RateLimit.ts); the library never creates it at run time. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** Creates the throttles on the store the configuration names: Redis when REDIS_URL is set, else PostgreSQL. */
export function createRateLimits(config: AppConfig): RateLimitStore {
  return config.redisUrl ? redisStore(config) : postgresStore(config);
}

/** The limits each throttle allows in its window, from AUTH_RATE_LIMIT and AUTH_RATE_WINDOW_SECONDS. */
function throttles(config: AppConfig) {
  const { points, windowSeconds } = config.authRateLimit;
  return {
    login: { keyPrefix: 'login', points, duration: windowSeconds },
    register: { keyPrefix: 'register', points: points * 2, duration: windowSeconds },
    passwordReset: { keyPrefix: 'reset', points, duration: windowSeconds },
  };
}

function postgresStore(config: AppConfig): RateLimitStore {
  // A small pool of its own: a throttle check is one short upsert, and it must not wait behind the ORM's queries.
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 4,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 5000,
  });
  const lost = (err: Error) => serviceLog(config, 'warn', 'Throttle connection lost', { err: err.message });
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  // Expired rows are deleted by the hourly maintenance job (services/jobs.ts), once for all instances, not by a timer
  // in each process.
  const options = {
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
  const t = throttles(config);
  let closing: Promise<void> | null = null;
  return {
    kind: 'postgres',
    limits: {
      login: new RateLimiterPostgres({ ...options, ...t.login }),
      register: new RateLimiterPostgres({ ...options, ...t.register }),
      passwordReset: new RateLimiterPostgres({ ...options, ...t.passwordReset }),
    },
    ready: async () => {},
    close: () => (closing ??= pool.end()),
  };
}

function redisStore(config: AppConfig): RateLimitStore {
  // No offline queue: while Redis is unreachable a throttle check falls back at once to this instance's memory
  // (insuranceLimiter) instead of waiting, so sign-in keeps working, throttled per instance until Redis is back.
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (!warned)
      serviceLog(config, 'warn', 'Throttle store (Redis) unreachable: throttling per instance until it is back', {
        err: err.message,
      });
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  const t = throttles(config);
  const limiter = (opts: { keyPrefix: string; points: number; duration: number }) =>
    new RateLimiterRedis({
      storeClient: redis,
      rejectIfRedisNotReady: true,
      ...opts,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  let closing: Promise<void> | null = null;
  return {
    kind: 'redis',
    limits: { login: limiter(t.login), register: limiter(t.register), passwordReset: limiter(t.passwordReset) },
    // Started with the app: waits for the first connection, or gives up quietly (the memory fallback covers it).
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              redis.off('ready', done);
              resolve();
            };
            const timer = setTimeout(done, 5000);
            redis.once('ready', done);
          }),
    close: () =>
      (closing ??=
        redis.status === 'end'
          ? Promise.resolve()
          : redis.quit().then(
              () => undefined,
              () => redis.disconnect(),
            )),
  };
}

/** The 429 in Laravel's shape, with Retry-After and X-RateLimit-* headers. */
function tooManyAttempts(limit: number, res: RateLimiterRes): DomainError {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new DomainError('TOO_MANY_REQUESTS', SERVER_MESSAGE.tooManyAttempts, {
    headers: {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + retryAfter),
    },
  });
}

/** Spends a point; throws the 429 once the key is over its limit. */
export async function hit(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooManyAttempts(limiter.points, e);
    throw e;
  }
}
