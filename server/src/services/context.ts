import type { EntityManager } from '@mikro-orm/postgresql';
import type { TokenAbility } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import type { IUser } from '../entities/User.ts';
import type { Membership } from './session.ts';
import type { RateLimits } from './rateLimit.ts';
import type { TokenIssuer } from './tokens.ts';

/** Who is calling: the signed-in user with the token they used, or nobody. */
/** The caller's own row as read with their token: enough for every role and access check. */
export type UserFacts = Pick<
  IUser,
  'id' | 'email' | 'name' | 'role' | 'initialSetup' | 'initialSetupStep' | 'access' | 'tokenVersion'
>;

export interface Actor {
  /** The caller, read with the token check (plain data: the hot reads need no entity). */
  me: UserFacts;
  /** The caller as an entity of this request's EntityManager, for writes and relations; made on first use. */
  readonly user: IUser;
  jti: string;
  /**
   * Token expiry in seconds since the epoch; for a personal access token its expiry or a session's length from now,
   * whichever is sooner (what a stream or a fresh session it opens may last).
   */
  exp: number;
  /** The personal access token the call came with (`<id>|<secret>`); absent for a session's token. */
  personalToken?: { id: number; abilities: readonly TokenAbility[] };
  /** The subscription and programme state read with the token check (one query), for the reads that need no lock. */
  membership: Membership;
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

/** A service context whose caller has signed in (every member and admin call). */
export interface SignedInContext extends ServiceContext {
  actor: Actor;
}
