import { defineEntity, p } from '@mikro-orm/core';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

/** A token ended by logout before its expiry; rows past expiry can be purged. */
export const RevokedToken = defineEntity({
  name: 'RevokedToken',
  tableName: 'revoked_tokens',
  properties: {
    jti: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    expiresAt: p.datetime().index(),
    createdAt: whenCreated(),
  },
});
