import { defineEntity, p } from '@mikro-orm/core';
import { ownedByMember } from './ownedByMember.ts';
import { whenCreated } from './properties.ts';

/** A password-reset request: only the sha256 of the emailed token is kept; single use, 60 minutes. */
export const PasswordReset = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    ...ownedByMember(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: whenCreated(),
  },
});
