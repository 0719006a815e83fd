import { defineEntity, p } from '@mikro-orm/core';
import type { TokenAbility } from '@evolution/shared';
import { ownedByMember } from './ownedByMember.ts';
import { whenCreated } from './properties.ts';

/**
 * A personal access token (Laravel Sanctum's): an integration calls with `<id>|<secret>` instead of a password. Only
 * the secret's SHA-256 is kept; revoking deletes the row, and a password change deletes all of the user's.
 */
export const PersonalAccessToken = defineEntity({
  name: 'PersonalAccessToken',
  tableName: 'personal_access_tokens',
  properties: {
    ...ownedByMember(),
    name: p.string().length(255),
    /** SHA-256 of the secret, hex. */
    token: p.string().length(64),
    abilities: p.json<TokenAbility[]>(),
    /** The last call made with it, written at most once a minute. */
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: whenCreated(),
  },
});
