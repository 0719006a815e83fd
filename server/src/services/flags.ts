import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  FLAG_MESSAGE,
  FLAG_STATUS,
  ROLE,
  adminFlagListInput,
  flagCreateInput,
  flagIdInput,
  flagListInput,
  flagReplyInput,
  type FlagDto,
  type FlagRow,
  type FlagSaved,
  type FlagStatus,
} from '@evolution/shared';
import { db } from '../db/kysely.ts';
import { AssistanceFlag, FlagResponse, User, type IUser } from '../entities/index.ts';
import type { IAssistanceFlag } from '../entities/AssistanceFlag.ts';
import { notFound, validationError } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { enqueueMail } from './jobs.ts';
import { notifyLive } from './live.ts';
import { countedTotal, pageWindow, type Page } from './pagination.ts';
import { PUSH_NOTICE, enqueuePush } from './push.ts';

// Assistance flags: a member's support thread that coaches (admins) answer and either side closes.
// Every write runs in one transaction with its mails, push notifications and live notice, so a rolled-back write sends
// none of them.

/**
 * A second identical submit within this window is answered as the first one was, not stored again: a double click
 * or a retried request never opens two flags or posts two replies.
 */
const DUPLICATE_WINDOW_MS = 10_000;

type FlagId = z.output<typeof flagIdInput>;
type FlagReply = z.output<typeof flagReplyInput>;

/** The name shown for a coach's reply whose account has since been deleted. */
const FORMER_COACH = 'Coach';

const iso = (d: string) => new Date(d).toISOString();

/**
 * One page of flags as list rows: one read model in SQL (the list only shapes rows). `memberId` keeps one member's
 * flags, newest first; without it open ones come first (the admin's queue), then the most recently active.
 */
async function flagPage(
  em: EntityManager,
  page: number,
  filter: { memberId?: number; status?: FlagStatus },
): Promise<Page<FlagRow>> {
  const { limit, offset } = pageWindow(page);
  const matching = db(em)
    .selectFrom('assistance_flags as f')
    .$if(filter.memberId !== undefined, (qb) => qb.where('f.user_id', '=', filter.memberId!))
    .$if(filter.status !== undefined, (qb) => qb.where('f.status', '=', filter.status!));
  // The page is cut and then joined in one order: a member's newest first, else the queue index's order.
  const order: ['f.created_at' | 'f.id' | 'f.status' | 'f.updated_at', 'asc' | 'desc'][] =
    filter.memberId !== undefined
      ? [
          ['f.created_at', 'desc'],
          ['f.id', 'desc'],
        ]
      : [
          ['f.status', 'asc'],
          ['f.updated_at', 'desc'],
          ['f.id', 'desc'],
        ];
  // A member's own flags are counted on their index; the admin's whole queue from the flags counted per status.
  const total =
    filter.memberId !== undefined
      ? Number((await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow()).total)
      : await countedTotal(em, 'assistance_flags', filter.status);
  // The page's flags first (in the queue index's order), then only their members and replies: nothing reads more
  // flags than the page, however deep it is.
  const pageOfFlags = order
    .reduce((qb, [column, direction]) => qb.orderBy(column, direction), matching.selectAll('f'))
    .limit(limit)
    .offset(offset);
  const rows = await order
    .reduce(
      (qb, [column, direction]) => qb.orderBy(column, direction),
      db(em)
        .selectFrom(pageOfFlags.as('f'))
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select((eb) => [
          'f.id',
          'f.subject',
          'f.message',
          'f.status',
          'f.user_id',
          'u.name as from',
          'f.created_at',
          'f.updated_at',
          eb
            .selectFrom('flag_responses as r')
            .select((inner) => inner.fn.countAll().as('count'))
            .whereRef('r.flag_id', '=', 'f.id')
            .as('responses_count'),
        ]),
    )
    .execute();
  const items = rows.map((r): FlagRow => ({
    id: r.id,
    subject: r.subject,
    from: r.from,
    user_id: r.user_id,
    message: r.message,
    status: r.status as FlagStatus,
    responses_count: Number(r.responses_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
  return { items, total, page, perPage: limit };
}

/** The flag with its member; 404 when there is none, or when `ownerId` is given and the flag is someone else's. */
async function findFlag(em: EntityManager, id: number, ownerId?: number, locked = false): Promise<IAssistanceFlag> {
  // Locked rows are read without the join: PostgreSQL refuses FOR UPDATE on the nullable side of an outer join.
  const flag = locked
    ? await em.findOne(AssistanceFlag, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
    : await em.findOne(AssistanceFlag, { id }, { populate: ['user'] });
  if (flag && locked) await em.populate(flag, ['user']);
  // Another member's flag is a 404, not a 403: its existence is none of the caller's business.
  if (!flag || (ownerId !== undefined && flag.user.id !== ownerId)) throw notFound(FLAG_MESSAGE.notFound);
  return flag;
}

/** The flag with its whole thread, oldest reply first. */
async function flagDetail(em: EntityManager, flag: IAssistanceFlag): Promise<FlagDto> {
  const responses = await em.find(
    FlagResponse,
    { flag: flag.id },
    { populate: ['author'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return {
    id: flag.id,
    subject: flag.subject,
    from: flag.user.name,
    user_id: flag.user.id,
    message: flag.message,
    status: flag.status as FlagStatus,
    responses_count: responses.length,
    created_at: flag.createdAt.toISOString(),
    updated_at: flag.updatedAt.toISOString(),
    closed_at: flag.closedAt ? flag.closedAt.toISOString() : null,
    responses: responses.map((r) => ({
      id: r.id,
      // A member's reply is always the flag owner's; a coach's carries the coach's name while the account exists.
      from: r.byCoach ? (r.author?.name ?? FORMER_COACH) : flag.user.name,
      by_coach: r.byCoach,
      message: r.message,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

const memberLink = (ctx: ServiceContext, id: number) => `${ctx.config.appUrl}/#/with_menu/assistance_flags/${id}`;
const adminLink = (ctx: ServiceContext, id: number) => `${ctx.config.appUrl}/#/admin/assistance_flag/${id}`;

/** Queues one mail per admin (each gets their own, so no admin sees another's address). */
async function mailAdmins(em: EntityManager, subject: string, text: string): Promise<void> {
  const admins = await em.find(User, { role: ROLE.admin }, { fields: ['email'], orderBy: { id: 'asc' } });
  for (const admin of admins) await enqueueMail(em, { to: admin.email, subject, text });
}

/** Every open screen of the flag's member and of the admins learns of the change once the transaction commits. */
const announce = (em: EntityManager, flag: IAssistanceFlag) =>
  notifyLive(em, { topic: 'flag', id: flag.id, userIds: [flag.user.id], admins: true });

/** Adds a reply to an open flag (locked, so a close or an identical reply in flight waits); a closed one is a 422. */
async function addReply(
  em: EntityManager,
  flag: IAssistanceFlag,
  author: IUser,
  byCoach: boolean,
  message: string,
): Promise<{ added: boolean }> {
  if (flag.status === FLAG_STATUS.closed) throw validationError('message', FLAG_MESSAGE.closedNoReply);
  const repeat = await em.count(FlagResponse, {
    flag: flag.id,
    author: author.id,
    message,
    createdAt: { $gte: new Date(Date.now() - DUPLICATE_WINDOW_MS) },
  });
  if (repeat > 0) return { added: false };
  em.create(FlagResponse, { flag, author: author.id, byCoach, message });
  // A reply is activity: the admin list orders by it.
  flag.updatedAt = new Date();
  await em.flush();
  return { added: true };
}

/** Closes the flag; closing a closed flag changes nothing and says so. */
async function closeFlag(em: EntityManager, flag: IAssistanceFlag): Promise<{ changed: boolean }> {
  if (flag.status === FLAG_STATUS.closed) return { changed: false };
  const now = new Date();
  Object.assign(flag, { status: FLAG_STATUS.closed, closedAt: now, updatedAt: now });
  await em.flush();
  return { changed: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The member's calls

/** GET user/assistance_flag?page: the member's own flags, newest first. */
export async function listOwnFlags(
  ctx: SignedInContext,
  { page }: z.output<typeof flagListInput>,
): Promise<Page<FlagRow>> {
  return flagPage(ctx.em, page, { memberId: ctx.actor.me.id });
}

/** GET user/assistance_flag/{id}: one of the member's own flags with its thread; anyone else's is a 404. */
export async function getOwnFlag(ctx: SignedInContext, { id }: FlagId): Promise<FlagDto> {
  return flagDetail(ctx.em, await findFlag(ctx.em, id, ctx.actor.me.id));
}

/** The member's own flag exists (a 404 otherwise): checked before a reply's message is read, as Laravel binds paths. */
export async function ownFlagExists(ctx: SignedInContext, { id }: FlagId): Promise<void> {
  await findFlag(ctx.em, id, ctx.actor.me.id);
}

/**
 * POST user/assistance_flag: opens a flag and mails every admin. The same subject and message again within
 * DUPLICATE_WINDOW_MS answers with the flag the first submit opened.
 */
export async function openFlag(ctx: SignedInContext, input: z.output<typeof flagCreateInput>): Promise<FlagSaved> {
  const member = ctx.actor.me;
  return ctx.em.transactional(async (em) => {
    // The member's row is the lock two submits of one double click queue on, so the second sees the first's flag.
    await em.findOneOrFail(User, { id: member.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    const repeat = await em.findOne(
      AssistanceFlag,
      {
        user: member.id,
        subject: input.subject,
        message: input.message,
        createdAt: { $gte: new Date(Date.now() - DUPLICATE_WINDOW_MS) },
      },
      { populate: ['user'], orderBy: { id: 'desc' } },
    );
    if (repeat) return { message: FLAG_MESSAGE.opened, data: await flagDetail(em, repeat) };
    const flag = em.create(AssistanceFlag, {
      user: member.id,
      subject: input.subject,
      message: input.message,
      status: FLAG_STATUS.open,
    });
    await em.flush();
    await em.populate(flag, ['user']);
    await mailAdmins(
      em,
      `New assistance flag: ${input.subject}`,
      `${flag.user.name} opened an assistance flag.\n\nSubject: ${input.subject}\n\n${input.message}\n\nAnswer it at ${adminLink(ctx, flag.id)}\n`,
    );
    await enqueuePush(em, { kind: 'admins' }, PUSH_NOTICE.flagOpened(flag, flag.user.name));
    await announce(em, flag);
    return { message: FLAG_MESSAGE.opened, data: await flagDetail(em, flag) };
  });
}

/** POST user/assistance_flag/{id}/reply: the member answers in their own open flag; every admin is mailed. */
export async function replyAsMember(ctx: SignedInContext, { id, message }: FlagId & FlagReply): Promise<FlagSaved> {
  const member = ctx.actor.user;
  return ctx.em.transactional(async (em) => {
    const flag = await findFlag(em, id, member.id, true);
    const { added } = await addReply(em, flag, member, false, message);
    if (added) {
      await mailAdmins(
        em,
        `Reply on assistance flag: ${flag.subject}`,
        `${flag.user.name} replied on "${flag.subject}".\n\n${message}\n\nAnswer it at ${adminLink(ctx, flag.id)}\n`,
      );
      await enqueuePush(em, { kind: 'admins' }, PUSH_NOTICE.memberReplied(flag, flag.user.name));
      await announce(em, flag);
    }
    return { message: FLAG_MESSAGE.replied, data: await flagDetail(em, flag) };
  });
}

/** GET user/assistance_flag/{id}/done: the member closes their own flag; closing it again is harmless. */
export async function closeAsMember(ctx: SignedInContext, { id }: FlagId): Promise<FlagSaved> {
  const memberId = ctx.actor.me.id;
  await findFlag(ctx.em, id, memberId);
  return ctx.em.transactional(async (em) => {
    const flag = await findFlag(em, id, memberId, true);
    const { changed } = await closeFlag(em, flag);
    if (changed) await announce(em, flag);
    return { message: changed ? FLAG_MESSAGE.closed : FLAG_MESSAGE.alreadyClosed, data: await flagDetail(em, flag) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The coaches' calls (admins)

/** GET admin/assistance_flag?page&status: every member's flags, open ones first, then the most recently active. */
export async function listFlags(
  ctx: SignedInContext,
  input: z.output<typeof adminFlagListInput>,
): Promise<Page<FlagRow> & { status?: FlagStatus }> {
  const status = input.status as FlagStatus | undefined;
  return {
    ...(await flagPage(ctx.em, input.page, status === undefined ? {} : { status })),
    ...(status === undefined ? {} : { status }),
  };
}

/** GET admin/assistance_flag/{id}: any member's flag with its thread. */
export async function getFlag(ctx: SignedInContext, { id }: FlagId): Promise<FlagDto> {
  return flagDetail(ctx.em, await findFlag(ctx.em, id));
}

/** The flag exists (a 404 otherwise): checked before a coach's reply is read. */
export async function flagExists(ctx: ServiceContext, { id }: FlagId): Promise<void> {
  await findFlag(ctx.em, id);
}

/** POST admin/assistance_flag/{id}/reply: a coach answers an open flag; the member is mailed. */
export async function replyAsCoach(ctx: SignedInContext, { id, message }: FlagId & FlagReply): Promise<FlagSaved> {
  const coach = ctx.actor;
  return ctx.em.transactional(async (em) => {
    const flag = await findFlag(em, id, undefined, true);
    const { added } = await addReply(em, flag, coach.user, true, message);
    if (added) {
      await enqueueMail(em, {
        to: flag.user.email,
        subject: `Your coach replied: ${flag.subject}`,
        text: `Hello ${flag.user.name},\n\n${coach.user.name} replied on your assistance flag "${flag.subject}":\n\n${message}\n\nRead and answer it at ${memberLink(ctx, flag.id)}\n`,
      });
      await enqueuePush(em, { kind: 'user', userId: flag.user.id }, PUSH_NOTICE.coachReplied(flag));
      await announce(em, flag);
    }
    return { message: FLAG_MESSAGE.replied, data: await flagDetail(em, flag) };
  });
}

/** GET admin/assistance_flag/{id}/done: a coach closes the flag and the member is mailed; closing it again is harmless. */
export async function closeAsCoach(ctx: SignedInContext, { id }: FlagId): Promise<FlagSaved> {
  const coach = ctx.actor;
  await findFlag(ctx.em, id);
  return ctx.em.transactional(async (em) => {
    const flag = await findFlag(em, id, undefined, true);
    const { changed } = await closeFlag(em, flag);
    if (changed) {
      await enqueueMail(em, {
        to: flag.user.email,
        subject: `Assistance flag closed: ${flag.subject}`,
        text: `Hello ${flag.user.name},\n\n${coach.user.name} closed your assistance flag "${flag.subject}". If you still need help, open a new one at ${ctx.config.appUrl}/#/with_menu/assistance_flags/create\n\nThe thread: ${memberLink(ctx, flag.id)}\n`,
      });
      await enqueuePush(em, { kind: 'user', userId: flag.user.id }, PUSH_NOTICE.coachClosed(flag));
      await announce(em, flag);
    }
    return { message: changed ? FLAG_MESSAGE.closed : FLAG_MESSAGE.alreadyClosed, data: await flagDetail(em, flag) };
  });
}
