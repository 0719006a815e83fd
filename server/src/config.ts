import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { MAX_ID, MEDIA_MAX_BYTES } from '@evolution/shared';

/** Everything the server reads from the environment, with its default (see README's configuration table). */
export interface AppConfig {
  /** PostgreSQL connection string; when empty, main.ts starts an embedded PostgreSQL. */
  databaseUrl: string;
  /** The embedded PostgreSQL's port; undefined: 54330, or a free one if that is taken. */
  embeddedPostgresPort: number | undefined;
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
  /** A token that could outlive this many seconds ("remember me") ends after as long without use; 0: never idle. */
  rememberTokenIdle: number;
  adminEmail: string;
  adminPassword: string;
  demoSeed: boolean;
  /** Rate limit for login, register and password reset: attempts per window. */
  authRateLimit: { points: number; windowSeconds: number };
  /** The throttles that hold however guessing is spread (docs/product.md §7), each a count per window. */
  signInThrottles: SignInThrottles;
  stripeSecretKey: string;
  stripePublishableKey: string;
  stripeWebhookSecret: string;
  /**
   * Without STRIPE_SECRET_KEY, take the offline provider's test cards (nothing is charged): in the embedded demo (no
   * DATABASE_URL) or with PAYMENT_PROVIDER=offline; otherwise payments answer 503. A Stripe key always means Stripe.
   */
  offlinePayments: boolean;
  smtpUrl: string;
  mailFrom: string;
  logLevel: string;
  /** Serve the built client from client/dist when it exists. */
  serveClient: boolean;
  /** Argon2 cost: lower in tests so suites stay fast; production uses the library defaults. */
  argon2: { memoryCost: number; timeCost: number };
  /** Largest upload accepted per field, in bytes (admin content media). */
  mediaMaxBytes: { image: number; video: number };
  /**
   * Progress photos: uploads per member per hour (PHOTO_UPLOADS_PER_HOUR, then 429), and photos a member may hold that
   * no submission uses yet (PHOTO_UNSUBMITTED_MAX, then 422); those are deleted 24 hours after upload.
   */
  photoLimits: { uploadsPerHour: number; unsubmitted: number };
  /** Where the Stripe SDK sends API calls; empty means Stripe's own (tests point it at a local fake). */
  stripeApiHost: string;
  stripeApiPort: number | null;
  stripeApiProtocol: 'https' | 'http';
  /** How often the job worker looks for jobs that became due (retries); new jobs arrive at once through NOTIFY. */
  jobPollIntervalMs: number;
  /** Members a channel message's delivery writes per job run (services/messageDelivery.ts). */
  messageDeliveryPage: number;
  /** Rows an admin write over many members changes per transaction: a deleted form's members moved, the VO2 relabel. */
  batchRows: number;
  /** Redis for the sign-in throttles shared by every instance; empty: they are counted in PostgreSQL. */
  redisUrl: string;
  /** On SIGTERM, how long /healthz answers 503 while requests are still served, so a load balancer moves away, in ms. */
  shutdownDrainMs: number;
  /** Then how long requests still in flight may take to finish before their connections are cut, in ms. */
  shutdownGraceMs: number;
  /** How long a request's headers, then its body unless it is an upload, may take to arrive before a 408, in ms. */
  requestTimeoutMs: number;
  /** How long an upload (a multipart body on a route that takes uploads) may take to arrive; Node's own timeout, in ms. */
  uploadTimeoutMs: number;
  /** Where uploaded files are kept: `<dataDir>/uploads` (one machine) or an S3-compatible bucket (several instances). */
  storage: StorageConfig;
  /** The Web Push (VAPID) key pair every instance signs with, and the contact push services may write to. */
  vapid: VapidConfig;
  /**
   * The push services a device's endpoint may be on (each name with its subdomains): the server posts to the endpoints
   * members register, so any other host would let them aim it at internal services. Plain http only for a loopback name.
   */
  pushEndpointHosts: readonly string[];
}

/** A throttle's allowance: so many attempts per window. */
export interface Allowance {
  points: number;
  windowSeconds: number;
}

/** Failed sign-ins per address across accounts, per account across addresses, and reset mails per email. */
export interface SignInThrottles {
  /** Password spraying: failed sign-ins from one address, whatever the accounts (LOGIN_ADDRESS_*). */
  address: Allowance;
  /** Spread-out guessing: failed sign-ins on one account, whatever the addresses (LOGIN_ACCOUNT_*). */
  account: Allowance;
  /** Reset-link requests for one email, whatever the addresses (RESET_EMAIL_*). */
  resetEmail: Allowance;
}

/** VAPID keys in base64url (a P-256 key pair: 65-byte public point, 32-byte private scalar) and the subject URL. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service contacts about our sends. */
  subject: string;
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

const bool = (v: string | undefined, d: boolean) =>
  v === undefined || v === '' ? d : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

/** The longest wait Node's timers hold (2^31-1 ms, 24.8 days): a longer one fires after 1 ms. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * A whole-number setting that only works within a range (a batch of 0 rows never ends; a timer past 24.8 days fires at
 * once): unset or empty takes the default, anything else out of range stops the start with a message naming it.
 */
function ranged(env: NodeJS.ProcessEnv, name: string, d: number, min: number, max: number): number {
  const v = env[name];
  if (v === undefined || v === '') return d;
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${v}.`);
  return n;
}

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
  if (Buffer.byteLength(secret) < 32)
    throw new Error('JWT_SECRET must be at least 32 bytes long (or leave it empty to have one generated).');
  return secret;
}

const base64urlBytes = (value: string) =>
  /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;

/**
 * A generated VAPID key pair kept in the data folder, so subscriptions made against it keep working after a restart.
 * The file is created whole in one step (a hard link of a finished temporary file): instances starting together on
 * one shared folder all end up with the first one's keys.
 */
function persistedVapidKeys(dataDir: string): Pick<VapidConfig, 'publicKey' | 'privateKey'> {
  const file = join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(temporary, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temporary);
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID key pair: delete it to have one generated.`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** The address part of MAIL_FROM (`Name <address>` or a bare address). */
const mailAddress = (from: string) =>
  from.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ??
  (/^[^\s<>]+@[^\s<>]+$/.test(from.trim()) ? from.trim() : 'no-reply@localhost');

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither: one without the other stops the start), else the pair kept
 * in DATA_DIR/vapid.json; VAPID_SUBJECT, else mailto: the MAIL_FROM address.
 */
function vapidConfig(env: NodeJS.ProcessEnv, dataDir: string, mailFrom: string): VapidConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new Error(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated and kept in DATA_DIR/vapid.json).',
    );
  if (publicKey && base64urlBytes(publicKey) !== 65)
    throw new Error(
      'VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes in base64url (npx web-push generate-vapid-keys).',
    );
  if (privateKey && base64urlBytes(privateKey) !== 32)
    throw new Error(
      'VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes in base64url (npx web-push generate-vapid-keys).',
    );
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${mailAddress(mailFrom)}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    throw new Error('VAPID_SUBJECT must be a mailto: address or an https: URL.');
  return { ...(publicKey ? { publicKey, privateKey } : persistedVapidKeys(dataDir)), subject };
}

/**
 * The browsers' push services: Chrome and Edge on Android and older Chrome (FCM and its older name), Firefox, Safari,
 * Edge on Windows (WNS, `*.notify.windows.com`).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/** PUSH_ENDPOINT_HOSTS: comma-separated host names, else the browsers' push services; anything but a host name stops the start. */
function pushEndpointHosts(value: string | undefined): readonly string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (hosts.length === 0) return DEFAULT_PUSH_ENDPOINT_HOSTS;
  for (const host of hosts) {
    // A name or an IPv4 address, or [::1]: what a URL's hostname is (no scheme, port, path or wildcard).
    if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(host) && host !== '[::1]') {
      throw new Error(
        `PUSH_ENDPOINT_HOSTS must list host names separated by commas (a name covers its subdomains), not ${host}.`,
      );
    }
  }
  return hosts;
}

/** STORAGE_DRIVER and the S3_* settings; a bucket is required for S3 and an unknown driver stops the start. */
function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, not ${driver}.`);
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3.');
  return {
    driver,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
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

/** PAYMENT_PROVIDER: `offline` on purpose, `stripe`, or empty (offline only in the embedded demo); else the start stops. */
function offlinePaymentsOf(env: NodeJS.ProcessEnv): boolean {
  const v = env.PAYMENT_PROVIDER?.trim().toLowerCase() ?? '';
  if (v === '') return !env.DATABASE_URL;
  if (v === 'offline' || v === 'stripe') return v === 'offline';
  throw new Error(`PAYMENT_PROVIDER must be stripe or offline, not ${env.PAYMENT_PROVIDER}.`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? '.data');
  const port = int(env.PORT, 3000);
  const mailFrom = env.MAIL_FROM ?? 'Evolution <no-reply@localhost>';
  return {
    databaseUrl: env.DATABASE_URL ?? '',
    embeddedPostgresPort: int(env.EMBEDDED_POSTGRES_PORT, 0) || undefined,
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    jwtSecret: env.JWT_SECRET ? strongSecret(env.JWT_SECRET) : persistedSecret(dataDir),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    tokenTtl: int(env.TOKEN_TTL_SECONDS, 60 * 60 * 24),
    rememberTokenTtl: int(env.REMEMBER_TOKEN_TTL_SECONDS, 60 * 60 * 24 * 30),
    rememberTokenIdle: int(env.REMEMBER_TOKEN_IDLE_SECONDS, 60 * 60 * 24 * 14),
    adminEmail: env.ADMIN_EMAIL ?? '',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    demoSeed: bool(env.DEMO_SEED, !env.DATABASE_URL),
    authRateLimit: { points: int(env.AUTH_RATE_LIMIT, 5), windowSeconds: int(env.AUTH_RATE_WINDOW_SECONDS, 60) },
    signInThrottles: {
      address: { points: int(env.LOGIN_ADDRESS_LIMIT, 30), windowSeconds: int(env.LOGIN_ADDRESS_WINDOW_SECONDS, 600) },
      account: { points: int(env.LOGIN_ACCOUNT_LIMIT, 20), windowSeconds: int(env.LOGIN_ACCOUNT_WINDOW_SECONDS, 3600) },
      resetEmail: { points: int(env.RESET_EMAIL_LIMIT, 3), windowSeconds: int(env.RESET_EMAIL_WINDOW_SECONDS, 3600) },
    },
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    offlinePayments: offlinePaymentsOf(env),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom,
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: bool(env.SERVE_CLIENT, true),
    argon2: { memoryCost: int(env.ARGON2_MEMORY_KIB, 19456), timeCost: int(env.ARGON2_TIME_COST, 2) },
    mediaMaxBytes: {
      image: ranged(env, 'MEDIA_IMAGE_MAX_BYTES', MEDIA_MAX_BYTES.image, 1, MAX_ID),
      video: ranged(env, 'MEDIA_VIDEO_MAX_BYTES', MEDIA_MAX_BYTES.video, 1, MAX_ID),
    },
    photoLimits: {
      uploadsPerHour: int(env.PHOTO_UPLOADS_PER_HOUR, 20),
      unsubmitted: int(env.PHOTO_UNSUBMITTED_MAX, 30),
    },
    stripeApiHost: env.STRIPE_API_HOST ?? '',
    stripeApiPort: env.STRIPE_API_PORT && /^\d+$/.test(env.STRIPE_API_PORT) ? Number(env.STRIPE_API_PORT) : null,
    stripeApiProtocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
    jobPollIntervalMs: ranged(env, 'JOB_POLL_INTERVAL_MS', 2000, 1, LONGEST_TIMER_MS),
    messageDeliveryPage: ranged(env, 'MESSAGE_DELIVERY_PAGE', 5000, 1, 1_000_000),
    batchRows: ranged(env, 'BATCH_ROWS', 10_000, 1, 1_000_000),
    storage: storageConfig(env),
    redisUrl: env.REDIS_URL ?? '',
    shutdownDrainMs: ranged(env, 'SHUTDOWN_DRAIN_MS', 0, 0, LONGEST_TIMER_MS),
    shutdownGraceMs: ranged(env, 'SHUTDOWN_GRACE_MS', 20_000, 0, LONGEST_TIMER_MS),
    requestTimeoutMs: ranged(env, 'REQUEST_TIMEOUT_MS', 30_000, 1, LONGEST_TIMER_MS),
    // A 200 MB video at 2 Mbit/s takes about 14 minutes.
    uploadTimeoutMs: ranged(env, 'UPLOAD_TIMEOUT_MS', 30 * 60_000, 1, LONGEST_TIMER_MS),
    vapid: vapidConfig(env, dataDir, mailFrom),
    pushEndpointHosts: pushEndpointHosts(env.PUSH_ENDPOINT_HOSTS),
  };
}

// One VAPID pair per test process, made in memory: tests write no key file into the repository's data folder.
let testVapidKeys: { publicKey: string; privateKey: string } | undefined;

/** Configuration for tests: a fixed secret, cheap hashing, no client, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  testVapidKeys ??= webpush.generateVAPIDKeys();
  return {
    ...loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DEMO_SEED: '0',
      LOG_LEVEL: 'silent',
      PAYMENT_PROVIDER: 'offline',
      SERVE_CLIENT: '0',
      VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
      VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    }),
    argon2: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}
