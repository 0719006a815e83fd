import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.ts';
import type { LiveHub } from '../services/live.ts';
import type { RateLimits } from '../services/rateLimit.ts';
import type { TokenIssuer } from '../services/tokens.ts';
import { requestOrigin } from '../http/answers.ts';
import { bearerToken } from '../http/bearer.ts';
import { requestLimits } from '../http/rateLimitHeaders.ts';

/** What every procedure gets: the request's EntityManager, the server's parts, the caller's address and token. */
export interface ContextInner {
  em: EntityManager;
  config: AppConfig;
  tokens: TokenIssuer;
  limits: RateLimits;
  ip: string;
  /** The address the caller reached this server at: a paged answer's links name the REST path on it. */
  origin: string;
  bearer: string | null;
  /** This instance's live-event listener (subscriptions). */
  live: LiveHub;
}

/** Per-request context for the Fastify adapter: the request's own EntityManager fork. */
export function createContext({ req }: CreateFastifyContextOptions): ContextInner {
  return {
    em: req.em,
    config: req.server.config,
    tokens: req.server.tokens,
    limits: requestLimits(req),
    ip: req.ip,
    origin: requestOrigin(req),
    bearer: bearerToken(req.headers.authorization),
    live: req.server.live,
  };
}

export type Context = ContextInner;
