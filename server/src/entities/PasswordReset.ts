import { defineEntity, p } from '@mikro-orm/core';
import { User } from './User.ts';

/** A password-reset request: only the sha256 of the emailed token is kept; single use, 60 minutes. */
export const PasswordReset = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
