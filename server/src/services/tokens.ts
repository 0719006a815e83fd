import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AppConfig } from '../config.ts';
import { db, now } from '../db/kysely.ts';

/** Claims we put in an access token. `tv` is the user's token version at issue time. */
export interface TokenClaims {
  sub: string;
  tv: number;
  jti: string;
  exp?: number;
  iat?: number;
}

/** Signs and verifies access tokens; backed by @fastify/jwt with a pinned algorithm. */
export interface TokenIssuer {
  sign(claims: Omit<TokenClaims, 'jti' | 'exp' | 'iat'> & { jti?: string }, ttlSeconds: number): string;
  verify(token: string): TokenClaims;
}

export const newTokenId = () => randomUUID().replace(/-/g, '');

/**
 * Whether a token could outlive the idle window (a "remember me" one, REMEMBER_TOKEN_IDLE_SECONDS; 0 turns the idle
 * end off): only those have their use noted and end idle. The lifetime decides, so tokens issued earlier count too.
 */
export const mayEndIdle = (config: Pick<AppConfig, 'rememberTokenIdle'>, exp: number, iat: number | undefined) =>
  config.rememberTokenIdle > 0 && (typeof iat !== 'number' || exp - iat > config.rememberTokenIdle);

/** A remembered token's use is written when its last one is older than this: at most one write a minute per token. */
export const REMEMBERED_USE_EVERY_SECONDS = 60;

/**
 * Seconds since a token's last use, or since its issue when its use was never written, by the database's clock: a
 * column for the token check's own query (no second round trip).
 */
export const idleSeconds = (jti: string, iat: number) =>
  sql<number>`extract(epoch from now() - coalesce((select m.last_used_at from remembered_tokens m where m.jti = ${jti}), to_timestamp(${iat})))::float8`;

/** Notes a remembered token's use; the guard holds against calls side by side, so each minute writes once. */
export async function markRememberedUse(em: EntityManager, jti: string, exp: number): Promise<void> {
  await db(em)
    .insertInto('remembered_tokens')
    .values({ jti, last_used_at: now(), expires_at: new Date(exp * 1000) })
    .onConflict((oc) =>
      oc
        .column('jti')
        .doUpdateSet({ last_used_at: now() })
        .where(
          'remembered_tokens.last_used_at',
          '<',
          sql<string>`now() - make_interval(secs => ${REMEMBERED_USE_EVERY_SECONDS})`,
        ),
    )
    .execute();
}
