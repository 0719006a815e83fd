import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MEDIA_MAX_BYTES } from '@evolution/shared';

/** Everything the server reads from the environment, with its default (see README's configuration table). */
export interface AppConfig {
  /** PostgreSQL connection string; when empty, main.ts starts an embedded PostgreSQL. */
  databaseUrl: string;
  port: number;
  host: string;
  /** Public base URL used in emails and pagination links. */
  appUrl: string;
  /** Folder for embedded PostgreSQL data, uploads and the mail outbox. */
  dataDir: string;
  jwtSecret: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits are per address). */
  /** Fastify's trustProxy: false, true (every hop: only behind a proxy that replaces X-Forwarded-For), or the proxies' addresses. */
  trustProxy: boolean | string;
  /** Token lifetime in seconds, without and with "remember me". */
  tokenTtl: number;
  rememberTokenTtl: number;
  adminEmail: string;
  adminPassword: string;
  demoSeed: boolean;
  /** Rate limit for login, register and password reset: attempts per window. */
  authRateLimit: { points: number; windowSeconds: number };
  stripeSecretKey: string;
  stripePublishableKey: string;
  stripeWebhookSecret: string;
  smtpUrl: string;
  mailFrom: string;
  logLevel: string;
  /** Serve the built client from client/dist when it exists. */
  serveClient: boolean;
  /** Argon2 cost: lower in tests so suites stay fast; production uses the library defaults. */
  argon2: { memoryCost: number; timeCost: number };
  /** Largest upload accepted per field, in bytes (admin content media). */
  mediaMaxBytes: { image: number; video: number };
  /** Where the Stripe SDK sends API calls; empty means Stripe's own (tests point it at a local fake). */
  stripeApiHost: string;
  stripeApiPort: number | null;
  stripeApiProtocol: 'https' | 'http';
  /** How often the job worker looks for jobs that became due (retries); new jobs arrive at once through NOTIFY. */
  jobPollIntervalMs: number;
  /** Redis for the sign-in throttles shared by every instance; empty: they are counted in PostgreSQL. */
  redisUrl: string;
  /** On SIGTERM, how long /healthz answers 503 while requests are still served, so a load balancer moves away, in ms. */
  shutdownDrainMs: number;
  /** Then how long requests still in flight may take to finish before their connections are cut, in ms. */
  shutdownGraceMs: number;
  /** Where uploaded files are kept: `<dataDir>/uploads` (one machine) or an S3-compatible bucket (several instances). */
  storage: StorageConfig;
}

/** The uploads' store: the local folder, or an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...). */
export type StorageConfig =
  | { driver: 'local' }
  | {
    driver: 's3';
    bucket: string;
    region: string;
    /** Empty for AWS itself; the address of another S3-compatible service otherwise. */
    endpoint: string;
    /** Empty keys leave the SDK's own credential chain (AWS_* variables, an instance role) to find them. */
    accessKeyId: string;
    secretAccessKey: string;
    /** Bucket in the path (`host/bucket/key`) rather than the host name: MinIO and most self-hosted services want it. */
    forcePathStyle: boolean;
  };

export const repoRoot = resolve(import.meta.dirname, '../..');

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));
const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

/** A JWT secret kept in the data folder so tokens survive a restart when JWT_SECRET is not set. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A configured JWT secret must be long enough that it cannot be guessed (HS256 wants at least 32 bytes). */
function strongSecret(secret: string): string {
  if (Buffer.byteLength(secret) < 32) throw new Error('JWT_SECRET must be at least 32 bytes long (or leave it empty to have one generated).');
  return secret;
}

/** STORAGE_DRIVER and the S3_* settings; a bucket is required for S3 and an unknown driver stops the start. */
function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, not ${driver}.`);
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3.');
  return {
    driver, bucket: env.S3_BUCKET, region: env.S3_REGION || 'us-east-1', endpoint: env.S3_ENDPOINT ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '', forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
  };
}

/** Reads the configuration from an environment (process.env by default). */
/**
 * TRUST_PROXY: 1 trusts every hop (right behind a proxy that replaces X-Forwarded-For, as Caddy does); a proxy that
 * appends to it (nginx, cloud load balancers) needs its addresses instead (`uniquelocal`, a CIDR list), or a client
 * could pick its own address and slip past the sign-in throttles.
 */
function trustProxyOf(value: string | undefined): boolean | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v === '1' || v.toLowerCase() === 'true') return true;
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? '.data');
  const port = int(env.PORT, 3000);
  return {
    databaseUrl: env.DATABASE_URL ?? '',
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    jwtSecret: env.JWT_SECRET ? strongSecret(env.JWT_SECRET) : persistedSecret(dataDir),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    tokenTtl: int(env.TOKEN_TTL_SECONDS, 60 * 60 * 24),
    rememberTokenTtl: int(env.REMEMBER_TOKEN_TTL_SECONDS, 60 * 60 * 24 * 30),
    adminEmail: env.ADMIN_EMAIL ?? '',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    demoSeed: bool(env.DEMO_SEED, !env.DATABASE_URL),
    authRateLimit: { points: int(env.AUTH_RATE_LIMIT, 5), windowSeconds: int(env.AUTH_RATE_WINDOW_SECONDS, 60) },
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Evolution <no-reply@localhost>',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: bool(env.SERVE_CLIENT, true),
    argon2: { memoryCost: int(env.ARGON2_MEMORY_KIB, 19456), timeCost: int(env.ARGON2_TIME_COST, 2) },
    mediaMaxBytes: { image: int(env.MEDIA_IMAGE_MAX_BYTES, MEDIA_MAX_BYTES.image), video: int(env.MEDIA_VIDEO_MAX_BYTES, MEDIA_MAX_BYTES.video) },
    stripeApiHost: env.STRIPE_API_HOST ?? '',
    stripeApiPort: env.STRIPE_API_PORT && /^\d+$/.test(env.STRIPE_API_PORT) ? Number(env.STRIPE_API_PORT) : null,
    stripeApiProtocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
    jobPollIntervalMs: int(env.JOB_POLL_INTERVAL_MS, 2000),
    storage: storageConfig(env),
    redisUrl: env.REDIS_URL ?? '',
    shutdownDrainMs: int(env.SHUTDOWN_DRAIN_MS, 0),
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 20_000),
  };
}

/** Configuration for tests: a fixed secret, cheap hashing, no client, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', DEMO_SEED: '0', LOG_LEVEL: 'silent', SERVE_CLIENT: '0' }),
    argon2: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}
