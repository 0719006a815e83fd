import type { EntityManager } from '@mikro-orm/postgresql';
import { ROLE, adminUserListInput, type AdminUserRow } from '@evolution/shared';
import { Subscription, User, type IUser } from '../entities/index.ts';
import { parseInput } from '../validation.ts';
import { isSubscriptionActive } from './session.ts';
import { pageWindow, type Page } from './pagination.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function userRow(u: IUser, subscriber: boolean): AdminUserRow {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    user_type: u.role as 1 | 2,
    role: u.role as 1 | 2,
    subscriber,
    created_at: u.createdAt.toISOString(),
  };
}

/** The admin user list: newest first, searched by name or email, filtered by user type (categoryId 1 or 2). */
export async function listUsers(em: EntityManager, raw: unknown): Promise<Page<AdminUserRow> & { search: string; categoryId?: number }> {
  const input = parseInput(adminUserListInput, raw);
  const where: Record<string, unknown> = {};
  if (input.search) {
    const like = `%${escapeLike(input.search)}%`;
    where.$or = [{ name: { $ilike: like } }, { email: { $ilike: like } }];
  }
  if (input.categoryId === ROLE.member || input.categoryId === ROLE.admin) where.role = input.categoryId;
  const { limit, offset } = pageWindow(input.page);
  const [users, total] = await em.findAndCount(User, where, { orderBy: { id: 'desc' }, limit, offset });
  const subs = users.length
    ? await em.find(Subscription, { user: { $in: users.map((u) => u.id) } }, { fields: ['user', 'status', 'currentPeriodEnd'] })
    : [];
  const active = new Set(subs.filter((s) => isSubscriptionActive(s)).map((s) => s.user.id));
  return { items: users.map((u) => userRow(u, active.has(u.id))), total, page: input.page, perPage: limit, search: input.search, ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}) };
}
