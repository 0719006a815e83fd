import { defineEntity, p } from '@mikro-orm/core';

/**
 * The last use of a sign-in token that could outlive the idle window (a "remember me" one), written at most once a
 * minute: past REMEMBER_TOKEN_IDLE_SECONDS without use the token ends. No row yet: its issue time is its last use.
 */
export const RememberedToken = defineEntity({
  name: 'RememberedToken',
  tableName: 'remembered_tokens',
  properties: {
    jti: p.string().length(64).primary(),
    lastUsedAt: p.datetime(),
    /** The token's own expiry: the row is purged after it, as revoked tokens are. */
    expiresAt: p.datetime().index(),
  },
});
