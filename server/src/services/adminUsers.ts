import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ADMIN_USER_MESSAGE,
  ROLE,
  SERVER_MESSAGE,
  type AdminUser,
  type AdminUserRow,
  type adminUserAccessInput,
  type adminUserCreateInput,
  type adminUserIdInput,
  type adminUserListInput,
  type adminUserPasswordInput,
  type adminUserUpdateInput,
} from '@evolution/shared';
import type { z } from 'zod';
import { Evolution, PasswordReset, Subscription, User, type IUser } from '../entities/index.ts';
import { sql } from 'kysely';
import { db, now, liveSubscriptionStatuses } from '../db/kysely.ts';
import { notFound, validationError } from '../errors.ts';
import { removeAccount } from './account.ts';
import { clearSignInFailures, createMember, normaliseEmail, registering } from './auth.ts';
import type { SignedInContext } from './context.ts';
import { refuseCommonPassword } from './commonPasswords.ts';
import { hashPassword } from './passwords.ts';
import { revokeAllTokens } from './personalTokens.ts';
import { accessMap, isSubscriptionActive } from './session.ts';
import { countedTotal, escapeLike, pageWindow, type Page } from './pagination.ts';

const M = ADMIN_USER_MESSAGE;

type UserId = z.output<typeof adminUserIdInput>;

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
export async function listUsers(
  ctx: SignedInContext,
  input: z.output<typeof adminUserListInput>,
): Promise<Page<AdminUserRow> & { search: string; categoryId?: number }> {
  const { em } = ctx;
  const role = input.categoryId === ROLE.member || input.categoryId === ROLE.admin ? input.categoryId : undefined;
  const pattern = input.search ? `%${escapeLike(input.search)}%` : '';
  const matching = db(em)
    .selectFrom('users as u')
    .$if(!!input.search, (qb) =>
      qb.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)])),
    )
    .$if(role !== undefined, (qb) => qb.where('u.role', '=', role!));
  const { limit, offset } = pageWindow(input.page);
  // The page's users first (newest first, walked on the primary key), then only their subscriptions: nothing reads
  // more users than the page. A search reads the trigram indexes on name and email.
  const rows = await db(em)
    .selectFrom(
      matching
        .select(['u.id', 'u.name', 'u.email', 'u.role', 'u.created_at'])
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .as('u'),
    )
    .leftJoin('subscriptions as s', 's.user_id', 'u.id')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.created_at',
      eb
        .fn<boolean>('coalesce', [
          eb.and([eb('s.status', 'in', liveSubscriptionStatuses()), eb('s.current_period_end', '>', now())]),
          sql.lit(false),
        ])
        .as('subscriber'),
    ])
    .orderBy('u.id', 'desc')
    .execute();
  // Without a search the total is the users counted per role (one row); a search counts its matches on the indexes.
  const total = input.search
    ? Number((await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow()).total)
    : await countedTotal(em, 'users', role);
  const items = rows.map((u): AdminUserRow => ({
    id: u.id,
    name: u.name,
    email: u.email,
    user_type: u.role as 1 | 2,
    role: u.role as 1 | 2,
    subscriber: u.subscriber,
    created_at: new Date(u.created_at).toISOString(),
  }));
  return {
    items,
    total,
    page: input.page,
    perPage: limit,
    search: input.search,
    ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
  };
}

/** The user, or 404; `locked` re-reads the row under a write lock inside a transaction. */
async function findUser(em: EntityManager, id: number, locked = false): Promise<IUser> {
  const user = await em.findOne(User, { id }, locked ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!user) throw notFound(M.notFound);
  return user;
}

/** One user with the access map they get now, the flags admins set for them and what their plan alone gives. */
async function userDetail(em: EntityManager, user: IUser): Promise<AdminUser> {
  const [sub, evo] = await Promise.all([
    em.findOne(Subscription, { user: user.id }, { populate: ['channel'] }),
    em.findOne(Evolution, { user: user.id }),
  ]);
  return {
    ...userRow(user, isSubscriptionActive(sub)),
    access: accessMap(user, sub, evo),
    access_overrides: { ...user.access },
    access_plan: accessMap({ role: user.role, access: {} }, sub, evo),
  };
}

/**
 * Locks every admin's row, in id order. Whoever may change who is an admin takes these locks before any other, so two
 * such changes queue rather than deadlock (PostgreSQL would end one of them with a 500).
 */
async function lockAdmins(em: EntityManager): Promise<IUser[]> {
  return em.find(
    User,
    { role: ROLE.admin },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
  );
}

/**
 * Locks every admin's row and refuses when `leavingId` is the last admin: two admins removing or demoting each other
 * at the same moment cannot both win (the second sees the first's change once the lock is released).
 */
async function keepAnAdmin(em: EntityManager, leavingId: number): Promise<void> {
  const admins = await lockAdmins(em);
  if (!admins.some((a) => a.id !== leavingId)) throw validationError('user', M.lastAdmin);
}

/** GET admin/admin/{id}: one user, 404 for an unknown id. */
export async function getUser(ctx: SignedInContext, { id }: UserId): Promise<AdminUser> {
  return userDetail(ctx.em, await findUser(ctx.em, id));
}

/** The user exists (a 404 otherwise): checked before an edit's body is read, as Laravel binds paths. */
export async function userExists(ctx: SignedInContext, { id }: UserId): Promise<void> {
  await findUser(ctx.em, id);
}

/** POST admin/admin: a member (set up like a registration: PAR-Q first) or an admin; a taken email is refused. */
export async function createUser(
  ctx: SignedInContext,
  input: z.output<typeof adminUserCreateInput>,
): Promise<AdminUser> {
  refuseCommonPassword(input.password);
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  const user = await registering(() =>
    ctx.em.transactional(async (em) => {
      if (input.user_type === ROLE.member) return createMember(em, { email, name: input.name, password });
      if (await em.count(User, { email })) throw validationError('email', SERVER_MESSAGE.emailTaken);
      // An admin has no setup to go through.
      return em.create(User, {
        email,
        name: input.name,
        password,
        role: ROLE.admin,
        initialSetup: 0,
        initialSetupStep: 3,
      });
    }),
  );
  return userDetail(ctx.em, user);
}

/** PATCH admin/admin/{id}: name, email and (beyond the spec) user type; nobody demotes themselves or the last admin. */
export async function updateUser(
  ctx: SignedInContext,
  { id, ...input }: UserId & z.output<typeof adminUserUpdateInput>,
): Promise<AdminUser> {
  const email = normaliseEmail(input.email);
  return registering(() =>
    ctx.em.transactional(async (em) => {
      // A type change may demote an admin: the admins' locks come first, as in deleteUser.
      if (input.user_type !== undefined) await lockAdmins(em);
      const user = await findUser(em, id, true);
      if (await em.count(User, { email, id: { $ne: id } })) throw validationError('email', SERVER_MESSAGE.emailTaken);
      const role = input.user_type ?? user.role;
      if (role !== user.role) {
        if (user.id === ctx.actor.me.id) throw validationError('user_type', M.selfDemote);
        if (user.role === ROLE.admin) await keepAnAdmin(em, user.id);
      }
      Object.assign(user, { name: input.name, email, role });
      await em.flush();
      return userDetail(em, user);
    }),
  );
}

/**
 * PUT admin/admin/{id}: sets a user's password and signs them out everywhere (their token version moves on, as a
 * password change does; pending reset links die too). An admin changes their own on the Change Password screen.
 */
export async function setUserPassword(
  ctx: SignedInContext,
  { id, ...input }: UserId & z.output<typeof adminUserPasswordInput>,
): Promise<{ message: string }> {
  if (id === ctx.actor.me.id) throw validationError('password', M.selfPassword);
  refuseCommonPassword(input.password);
  const password = await hashPassword(ctx.config, input.password);
  const email = await ctx.em.transactional(async (em) => {
    const user = await findUser(em, id, true);
    Object.assign(user, { password, tokenVersion: user.tokenVersion + 1 });
    await em.nativeDelete(PasswordReset, { user: id });
    await revokeAllTokens(em, id);
    return user.email;
  });
  // A new password ends a sign-in pause on the account, as the member's own reset does.
  await clearSignInFailures(ctx, email);
  return { message: M.passwordSet };
}

/** The user exists and is not the caller (a 404, then a 422): checked before the new password is read. */
export async function passwordSettable(ctx: SignedInContext, { id }: UserId): Promise<void> {
  await findUser(ctx.em, id);
  if (id === ctx.actor.me.id) throw validationError('password', M.selfPassword);
}

/**
 * PATCH admin/admin/{id}/access: forces a member's features on (true) or off (false), or back to their plan (null);
 * the member's next call obeys.
 */
export async function setUserAccess(
  ctx: SignedInContext,
  { id, ...flags }: UserId & z.output<typeof adminUserAccessInput>,
): Promise<AdminUser> {
  const found = await findUser(ctx.em, id);
  if (found.role !== ROLE.member) throw validationError('access', M.accessMembersOnly);
  return ctx.em.transactional(async (em) => {
    // Locked and re-read, so two admins toggling different flags at once keep both changes.
    const user = await findUser(em, id, true);
    const access = { ...user.access };
    for (const [flag, on] of Object.entries(flags)) {
      if (on === null) delete access[flag];
      else if (on !== undefined) access[flag] = on;
    }
    user.access = access;
    await em.flush();
    return userDetail(em, user);
  });
}

/**
 * DELETE admin/admin/{id}: removes the user and their data exactly as the member's own deletion does (subscription
 * ended with the provider, files, every row). Not oneself, and never the last admin.
 */
export async function deleteUser(ctx: SignedInContext, { id }: UserId): Promise<{ message: string }> {
  const user = await findUser(ctx.em, id);
  if (user.id === ctx.actor.me.id) throw validationError('user', M.selfDelete);
  if (user.role === ROLE.admin) {
    await ctx.em.transactional(async (em) => {
      await keepAnAdmin(em, id);
      await removeAccount({ ...ctx, em }, id);
    });
  } else {
    await removeAccount(ctx, id);
  }
  return { message: M.deleted };
}
