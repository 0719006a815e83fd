import {
  ROLE,
  auditActionLabel,
  type AuditAdmin,
  type AuditLogRow,
  type DataReadRow,
  type auditLogListInput,
  type pageInput,
} from '@evolution/shared';
import type { z } from 'zod';
import { AuditLog, User } from '../entities/index.ts';
import type { Actor, ServiceContext, SignedInContext } from './context.ts';
import { countedTotal, findPaged, pageWindow, type Page } from './pagination.ts';

/** What an admin read of a member: the action, the member and the object (docs/product.md §7). */
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

/** Names of these users by id (deleted accounts are simply missing). */
async function namesOf(
  ctx: Pick<ServiceContext, 'em'>,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const users = await ctx.em.find(User, { id: { $in: wanted } }, { fields: ['id', 'name'] });
  return new Map(users.map((u) => [u.id, u.name]));
}

/** The admin audit log: every admin read of a member's health data, newest first, optionally one member's or one admin's. */
export async function listAuditLog(
  ctx: SignedInContext,
  input: z.output<typeof auditLogListInput>,
): Promise<Page<AuditLogRow> & { member_id?: number; admin_id?: number }> {
  const where: Record<string, unknown> = {};
  if (input.member_id !== undefined) where.memberId = input.member_id;
  if (input.admin_id !== undefined) where.admin = input.admin_id;
  const { limit, offset } = pageWindow(input.page);
  // The whole log's size is counted by its triggers (row_counts); one admin's or member's rows on their index.
  const filtered = input.member_id !== undefined || input.admin_id !== undefined;
  const [rows, total] = await Promise.all([
    ctx.em.find(AuditLog, where, { orderBy: { id: 'desc' }, limit, offset }),
    filtered ? ctx.em.count(AuditLog, where) : countedTotal(ctx.em, 'audit_log'),
  ]);
  const names = await namesOf(
    ctx,
    rows.flatMap((r) => [r.admin?.id, r.memberId]),
  );
  const items = rows.map((r): AuditLogRow => {
    const adminId = r.admin?.id ?? null;
    const memberId = r.memberId ?? null;
    return {
      id: r.id,
      action: r.action,
      what: auditActionLabel(r.action),
      admin_id: adminId,
      admin_name: adminId === null ? null : (names.get(adminId) ?? null),
      member_id: memberId,
      member_name: memberId === null ? null : (names.get(memberId) ?? null),
      object_type: r.objectType,
      object_id: r.objectId ?? null,
      ip: r.ip ?? null,
      created_at: r.createdAt.toISOString(),
    };
  });
  return {
    items,
    total,
    page: input.page,
    perPage: limit,
    ...(input.member_id !== undefined ? { member_id: input.member_id } : {}),
    ...(input.admin_id !== undefined ? { admin_id: input.admin_id } : {}),
  };
}

/** The admin filter's choices: every admin account, by name. */
export async function auditAdmins(ctx: SignedInContext): Promise<AuditAdmin[]> {
  const admins = await ctx.em.find(
    User,
    { role: ROLE.admin },
    { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } },
  );
  return admins.map((a) => ({ id: a.id, name: a.name }));
}

/** Shown for a read by an admin whose account has since been deleted. */
const FORMER_ADMIN = 'A former admin';

/**
 * GET user/data_reads: who read this member's health data and when, newest first; only the member's own rows, and
 * only the admin's name and what they read (no address or other member's data).
 */
export async function memberDataReads(
  ctx: SignedInContext,
  { page }: z.output<typeof pageInput>,
): Promise<Page<DataReadRow>> {
  const memberId = ctx.actor.me.id;
  const found = await findPaged(ctx.em, AuditLog, { memberId }, page, { orderBy: { id: 'desc' } });
  const names = await namesOf(
    ctx,
    found.items.map((r) => r.admin?.id),
  );
  const items = found.items.map((r) => ({
    id: r.id,
    what: auditActionLabel(r.action),
    admin_name: (r.admin && names.get(r.admin.id)) || FORMER_ADMIN,
    created_at: r.createdAt.toISOString(),
  }));
  return { ...found, items };
}
