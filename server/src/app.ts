import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { repoRoot, type AppConfig } from './config.ts';
import { db } from './db/kysely.ts';
import { createOrm } from './db/orm.ts';
import { PHOTO_MAX_BYTES } from '@evolution/shared';
import { cutSlowArrivals } from './http/arrivalDeadline.ts';
import { drainBody, drainLimit, hasUnreadBody } from './http/unreadBody.ts';
import { restErrorHandler } from './rest/errors.ts';
import { noStoreUnlessPublic } from './http/cacheControl.ts';
import { rateLimitHeaders } from './http/rateLimitHeaders.ts';
import { restPlugin } from './rest/plugin.ts';
import type { Actor } from './services/context.ts';
import { startJobWorker, type JobWorker } from './services/jobs.ts';
import { closeMailTransport } from './services/mail.ts';
import { invalidateContent } from './services/contentCache.ts';
import { uploadStorage } from './services/storage.ts';
import { startLiveHub, type LiveHub } from './services/live.ts';
import { createRateLimits, type RateLimits } from './services/rateLimit.ts';
import type { TokenClaims, TokenIssuer } from './services/tokens.ts';
import { trpcRoutes } from './trpc/http.ts';
import { limitFormData } from './trpc/formData.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    orm: MikroORM;
    tokens: TokenIssuer;
    limits: RateLimits;
    live: LiveHub;
    /** Set at the start of a shutdown (main.ts): /healthz answers 503 so the load balancer stops sending requests. */
    draining: boolean;
  }
  interface FastifyRequest {
    /** This request's own EntityManager fork; never the global one. */
    em: EntityManager;
    actor: Actor | null;
  }
}

const JWT_ALGORITHM = 'HS256';
export const clientDist = join(repoRoot, 'client', 'dist');
/**
 * Large API answers (a chamber with its photos) go out compressed to clients that accept it; below 1 KB it costs more
 * than it saves. Registered on /api and /trpc only: the client build is compressed ahead of time. Event streams,
 * pictures, videos and ranges (206) are never compressed by the plugin.
 */
const API_COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  globalDecompression: false,
} satisfies FastifyCompressOptions;
/** Vite names the files under assets/ by their content's hash, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Builds the whole server (SPA, /trpc, /api, /healthz) without listening; tests inject into the same app.
 * `clientDist` points the SPA at another build folder (tests).
 */
export async function buildApp(
  config: AppConfig,
  opts: { orm?: MikroORM; clientDist?: string } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Large enough for the batched tRPC calls; uploads go through multipart with their own limits.
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    // A request must have arrived whole within this time (408 otherwise): a body trickling in holds no socket for
    // good. Answers, event streams included, are not limited by it. Node's own timeout is the longest, an upload's
    // (it cannot differ by route); headers get REQUEST_TIMEOUT_MS, and so does every other route's body
    // (http/arrivalDeadline.ts). Node checks both every second.
    requestTimeout: config.uploadTimeoutMs,
    http: {
      requestTimeout: config.uploadTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, config.uploadTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
  });
  const orm = opts.orm ?? (await createOrm(config.databaseUrl));

  app.decorate('config', config);
  app.decorate('orm', orm);
  // The sign-in throttles live in PostgreSQL or Redis, shared with every other instance; closed with the app.
  const throttles = createRateLimits(config);
  app.decorate('limits', throttles.limits);
  app.addHook('onClose', async () => throttles.close());
  app.decorate('draining', false);
  app.decorateRequest('em', null as unknown as EntityManager);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    req.em = orm.em.fork();
  });
  cutSlowArrivals(app, config.requestTimeoutMs);
  if (!opts.orm) app.addHook('onClose', async () => orm.close());
  // The uploads' store lets its connections go (an S3 client keeps sockets alive).
  app.addHook('onClose', async () => uploadStorage(config).close());

  // Live events: this instance's LISTEN connection; closed first so open event streams end and the server can close.
  // It also hears content edits (from any instance) and drops this instance's cached content.
  const live = startLiveHub(config, { onContentChanged: () => invalidateContent(orm.em) });
  app.decorate('live', live);
  app.addHook('onSend', async (_req, reply, payload) => {
    // While draining, every answer closes its connection: a proxy's kept-alive connections must not hold the stop.
    if (app.draining) reply.header('connection', 'close');
    return payload;
  });
  // A refused upload is answered before its body has arrived: the rest is read first (up to 10 MB, or the largest
  // upload a route that takes uploads accepts: http/unreadBody.ts), so the client, still sending, gets the answer
  // rather than a reset connection.
  const uploadCeiling = Math.max(PHOTO_MAX_BYTES, config.mediaMaxBytes.image, config.mediaMaxBytes.video) + 64 * 1024;
  app.addHook('onSend', async (req, reply, payload) => {
    if (hasUnreadBody(req.raw) && !(await drainBody(req.raw, drainLimit(req, uploadCeiling))))
      reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => live.close());
  // The job worker (queued mail, and the hourly schedules such as the revoked-token purge, each run once across all
  // instances) runs inside the server process once the app is ready, and stops with it.
  let worker: JobWorker | null = null;
  app.addHook('onReady', async () => {
    worker = await startJobWorker(config, orm);
    await Promise.all([live.ready(), throttles.ready()]);
  });
  // The worker stops first (a mail job finishes), then its pooled SMTP connections close.
  app.addHook('onClose', async () => {
    await worker?.stop();
    closeMailTransport(config);
  });

  // Security headers, built once (the Fastify plugin rebuilt helmet and parsed the policy on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: [
          "'self'",
          'https://js.stripe.com',
          'https://hooks.stripe.com',
          'https://player.vimeo.com',
          'https://www.youtube-nocookie.com',
        ],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        // Uploaded pictures and videos load from signed addresses relative to the app itself (mediaUrl).
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { algorithm: JWT_ALGORITHM },
    verify: { algorithms: [JWT_ALGORITHM] },
  });
  app.decorate('tokens', {
    sign: (claims, ttlSeconds) =>
      app.jwt.sign({ sub: claims.sub, tv: claims.tv, jti: claims.jti }, { expiresIn: ttlSeconds }),
    verify: (token) => app.jwt.verify<TokenClaims>(token),
  } satisfies TokenIssuer);
  // Phase submissions carry up to a few hundred short indexed fields (0[amount]...); photos travel one a request.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 3, fields: 300, fieldSize: 16_384, parts: 303 },
  });

  app.setErrorHandler(restErrorHandler);

  app.get('/healthz', async (req, reply) => {
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await sql`select 1`.execute(db(req.em));
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(async (scope) => {
    await scope.register(fastifyCompress, API_COMPRESSION);
    limitFormData(scope);
    // A throttled call (auth.login, auth.register...) says how many attempts are left, as on REST.
    scope.addHook('onSend', rateLimitHeaders);
    scope.addHook('onSend', noStoreUnlessPublic);
    // tRPC answers as a fetch Response: a whole JSON one is read into a buffer so compression can weigh its size and
    // the answer carries a Content-Length; event streams (subscriptions) and JSONL batches stay streams.
    scope.addHook('onSend', async (_req, reply, payload) => {
      if (
        !(payload instanceof Response) ||
        payload.headers.get('content-type') !== 'application/json' ||
        payload.headers.has('transfer-encoding')
      )
        return payload;
      reply.code(payload.status);
      for (const [name, value] of payload.headers) reply.header(name, value);
      return Buffer.from(await payload.arrayBuffer());
    });
    await scope.register(trpcRoutes);
  });

  await app.register(
    async (api) => {
      await api.register(fastifyCompress, API_COMPRESSION);
      api.addHook('onSend', noStoreUnlessPublic);
      await api.register(restPlugin);
    },
    { prefix: '/api' },
  );

  const spaRoot = opts.clientDist ?? clientDist;
  if (config.serveClient && existsSync(join(spaRoot, 'index.html'))) {
    // The build wrote .br and .gz beside each compressible file: the one the browser accepts is sent as it is.
    await app.register(fastifyStatic, {
      root: spaRoot,
      wildcard: false,
      // Source maps are built for the operators' own debugging, never served: they hold the client's whole source.
      globIgnore: ['**/*.map'],
      maxAge: '1h',
      preCompressed: true,
      setHeaders: (reply, path) => {
        const file = relative(spaRoot, path)
          .split(sep)
          .join('/')
          .replace(/\.(br|gz)$/, '');
        if (file.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
        // index.html must always be revalidated so a new build's hashed assets are picked up.
        else if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
        // The service worker and the manifest name the build's files: a browser must see a new deploy's at once.
        else if (file === 'sw.js' || file === 'manifest.webmanifest') reply.header('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/trpc') && !/\.map$/i.test(req.url.split('?')[0] ?? ''))
        return reply.type('text/html').sendFile('index.html');
      return reply.status(404).send({ message: 'Not Found.' });
    });
  }
  return app;
}
