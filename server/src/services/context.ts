import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.ts';
import type { IUser } from '../entities/User.ts';
import type { RateLimits } from './rateLimit.ts';
import type { TokenIssuer } from './tokens.ts';

/** Who is calling: the signed-in user with the token they used, or nobody. */
export interface Actor {
  user: IUser;
  jti: string;
  /** Token expiry in seconds since the epoch. */
  exp: number;
}

/** What every service function gets: a per-request EntityManager and the app's shared parts. */
export interface ServiceContext {
  em: EntityManager;
  config: AppConfig;
  tokens: TokenIssuer;
  limits: RateLimits;
  ip: string;
  actor: Actor | null;
}
