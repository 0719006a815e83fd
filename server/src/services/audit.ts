import { AuditLog } from '../entities/index.ts';
import type { Actor, ServiceContext } from './context.ts';

/** What an admin read of a member: the action, the member and the object (PRODUCT.md section 7). */
export interface AdminRead {
  action: string;
  memberId: number | null;
  objectType: string;
  objectId: number | null;
}

/** Writes an admin's read of a member's health data to the audit log (flushed with the caller's unit of work). */
export function recordAdminRead(ctx: Pick<ServiceContext, 'em' | 'ip'>, admin: Actor, read: AdminRead): void {
  ctx.em.create(AuditLog, { admin: admin.user.id, ...read, ip: ctx.ip || null });
}
