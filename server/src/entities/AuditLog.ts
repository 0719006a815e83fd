import { defineEntity, p } from '@mikro-orm/core';
import { countedRows } from './RowCount.ts';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

/**
 * An admin's read of a member's health data (PAR-Q, fact-find, progress photos: docs/product.md §7). The member is
 * kept as a bare id so the trail outlives the account; the admin goes to null if their own account is deleted.
 */
export const AuditLog = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary(),
    admin: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** What was read, e.g. progress_photo.read. */
    action: p.string().length(100),
    memberId: p.integer().nullable(),
    objectType: p.string().length(50),
    objectId: p.integer().nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: whenCreated(),
  },
  // One admin's or one member's reads, newest first, in index order.
  indexes: [{ properties: ['admin', 'id'] }, { properties: ['memberId', 'id'] }],
  // The whole log's size (row_counts): the admin audit list's total.
  triggers: countedRows('audit_log', null),
});
