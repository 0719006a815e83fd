import ipaddr from 'ipaddr.js';
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
  /** Failed logins per address, whatever the account (password spraying). */
  loginAddress: RateLimiterAbstract;
  /** Failed logins per account, whatever the address (guessing spread over many addresses). */
  loginAccount: RateLimiterAbstract;
  /** The warning mail of an account's lock-out: one point per window, so a lock-out sends one mail. */
  lockoutMail: RateLimiterAbstract;
  /** Password-reset requests per email, whatever the address: a flood cannot mail one member endlessly. */
  resetEmail: RateLimiterAbstract;
  /** Progress-photo uploads per member (PHOTO_UPLOADS_PER_HOUR). */
  photoUpload: RateLimiterAbstract;
}

/**
 * How each throttle shows in a request's X-RateLimit-* headers: `try` ones on every call they count (Laravel's route
 * throttle: login per account and address, register, reset); `wide` ones only in the 429 they answer; `silent` never.
 */
export const LIMIT_HEADERS: Readonly<Record<keyof RateLimits, 'try' | 'wide' | 'silent'>> = {
  login: 'try',
  register: 'try',
  passwordReset: 'try',
  loginAddress: 'wide',
  loginAccount: 'wide',
  lockoutMail: 'silent',
  resetEmail: 'wide',
  photoUpload: 'try',
};

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

interface ThrottleOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * The limits each throttle allows in its window: AUTH_RATE_LIMIT and AUTH_RATE_WINDOW_SECONDS per try, and the wide
 * ones from LOGIN_ADDRESS_*, LOGIN_ACCOUNT_* and RESET_EMAIL_* (config.ts signInThrottles).
 */
function throttles(config: AppConfig): Record<keyof RateLimits, ThrottleOptions> {
  const { points, windowSeconds } = config.authRateLimit;
  const { address, account, resetEmail } = config.signInThrottles;
  return {
    login: { keyPrefix: 'login', points, duration: windowSeconds },
    register: { keyPrefix: 'register', points: points * 2, duration: windowSeconds },
    passwordReset: { keyPrefix: 'reset', points, duration: windowSeconds },
    loginAddress: { keyPrefix: 'login-address', points: address.points, duration: address.windowSeconds },
    loginAccount: { keyPrefix: 'login-account', points: account.points, duration: account.windowSeconds },
    // One warning a day at most, however often the account is paused: the mail cannot be made a flood.
    lockoutMail: { keyPrefix: 'lockout-mail', points: 1, duration: Math.max(account.windowSeconds, 86_400) },
    resetEmail: { keyPrefix: 'reset-email', points: resetEmail.points, duration: resetEmail.windowSeconds },
    photoUpload: { keyPrefix: 'photo-upload', points: config.photoLimits.uploadsPerHour, duration: 3600 },
  };
}

/** One limiter per throttle, made by `make` from its options. */
function limitersOf(config: AppConfig, make: (opts: ThrottleOptions) => RateLimiterAbstract): RateLimits {
  const t = throttles(config);
  return Object.fromEntries(
    (Object.keys(t) as (keyof RateLimits)[]).map((name) => [name, make(t[name])]),
  ) as unknown as RateLimits;
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
  let closing: Promise<void> | null = null;
  return {
    kind: 'postgres',
    limits: limitersOf(config, (opts) => new RateLimiterPostgres({ ...options, ...opts })),
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
  const limiter = (opts: ThrottleOptions) =>
    new RateLimiterRedis({
      storeClient: redis,
      rejectIfRedisNotReady: true,
      ...opts,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  let closing: Promise<void> | null = null;
  return {
    kind: 'redis',
    limits: limitersOf(config, limiter),
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

/**
 * The address a throttle counts under: an IPv4 address as it is (also when it arrives IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address by its /64, the block one host is given, so a host cannot step round a limit by changing addresses.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** Spends a point and answers what is left; throws the 429 once the key is over its limit. */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooManyAttempts(limiter.points, e);
    throw e;
  }
}

/** Spends a point; throws the 429 once the key is over its limit. */
export async function hit(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await spend(limiter, key);
}

/** Spends the key's only point: true the first time in its window, false after (nothing thrown). */
export async function firstInWindow(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}
