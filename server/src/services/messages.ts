import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGE_TEXT, ROLE, messageListInput, messageSendInput, type AdminMessage, type AdminMessageRow, type InboxRow, type MemberMessage,
  type MessageReader,
} from '@evolution/shared';
import type { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { Channel, Message, MessageRecipient, Subscription, User, type IUser } from '../entities/index.ts';
import { notFound, validationError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { Actor, ServiceContext } from './context.ts';
import { enqueueMail } from './jobs.ts';
import { notifyLive } from './live.ts';
import { pageWindow, type Page } from './pagination.ts';
import { PUSH_NOTICE, enqueuePush } from './push.ts';
import { isSubscriptionActive } from './session.ts';

// Coaches' messages (PRODUCT.md section 6, issue 11). Sending writes the message, one recipient row per member, a mail
// per member, one push job and the live event in one transaction: a send either reaches everyone it names or nobody.

const T = MESSAGE_TEXT;
/** How much of a message the inbox shows under its subject. */
const PREVIEW_LENGTH = 140;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

interface SentRow {
  id: number;
  subject: string;
  body: string;
  created_at: Date | string;
  recipient_id: number | null;
  channel_id: number | null;
  sender_name: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  channel_name: string | null;
  recipients_count: string | number;
  read_count: string | number;
}

// One read model for the admin's list and detail: the audience and read counts come from the recipient rows.
const SENT_SQL = `select m.id, m.subject, m.body, m.created_at, m.recipient_id, m.channel_id,
    s.name as sender_name, r.name as recipient_name, r.email as recipient_email, c.name as channel_name,
    (select count(*) from message_recipients mr where mr.message_id = m.id) as recipients_count,
    (select count(*) from message_recipients mr where mr.message_id = m.id and mr.read_at is not null) as read_count
  from messages m
  left join users s on s.id = m.sender_id
  left join users r on r.id = m.recipient_id
  left join channels c on c.id = m.channel_id`;

function recipientLabel(row: SentRow): string {
  if (row.channel_id !== null) return `${row.channel_name ?? 'Unknown'} channel`;
  return row.recipient_name === null ? T.deletedMember : `${row.recipient_name} (${row.recipient_email})`;
}

function sentRow(row: SentRow): AdminMessageRow {
  return {
    id: row.id,
    subject: row.subject,
    from: row.sender_name,
    recipient_id: row.recipient_id,
    channel_id: row.channel_id,
    recipient: recipientLabel(row),
    recipients_count: Number(row.recipients_count),
    read_count: Number(row.read_count),
    created_at: iso(row.created_at)!,
  };
}

async function findSent(em: EntityManager, id: number): Promise<SentRow> {
  const [row] = await em.execute<SentRow[]>(`${SENT_SQL} where m.id = ?`, [id]);
  if (!row) throw notFound(T.notFound);
  return row;
}

/** GET admin/message?page: the messages admins have sent, newest first, with their audience and read counts. */
export async function listSentMessages(em: EntityManager, raw: unknown): Promise<Page<AdminMessageRow>> {
  const { page } = parseInput(messageListInput, raw);
  const { limit, offset } = pageWindow(page);
  const rows = await em.execute<SentRow[]>(`${SENT_SQL} order by m.created_at desc, m.id desc limit ? offset ?`, [limit, offset]);
  return { items: rows.map(sentRow), total: await em.count(Message, {}), page, perPage: limit };
}

/** GET admin/message/{id}: the message and every recipient with when they read it (readers first, latest first); 404 when unknown. */
export async function getSentMessage(em: EntityManager, id: number): Promise<AdminMessage> {
  const row = await findSent(em, id);
  const readers = await em.execute<{ user_id: number; name: string; email: string; read_at: Date | string | null }[]>(
    `select u.id as user_id, u.name, u.email, mr.read_at from message_recipients mr join users u on u.id = mr.user_id
     where mr.message_id = ? order by mr.read_at desc nulls last, u.name, u.id`,
    [id],
  );
  const recipients: MessageReader[] = readers.map((r) => ({ user_id: r.user_id, name: r.name, email: r.email, read_at: iso(r.read_at) }));
  return { ...sentRow(row), message: row.body, recipients };
}

type SendInput = z.output<typeof messageSendInput>;

/**
 * Who a send reaches: the one member named, or the members of the channel whose subscription is active now (the same
 * rule as their access). A 422 names the field when that is nobody.
 */
async function audienceOf(em: EntityManager, input: SendInput): Promise<IUser[]> {
  if (input.recipient_id !== undefined) {
    const member = await em.findOne(User, { id: input.recipient_id, role: ROLE.member });
    if (!member) throw validationError('recipient_id', T.recipientNotMember);
    return [member];
  }
  const channelId = input.channel_id!;
  if (!(await em.count(Channel, { id: channelId }))) throw validationError('channel_id', T.channelUnknown);
  const now = new Date();
  // Lapsed periods are left out in SQL; isSubscriptionActive then decides on the status, as everywhere else.
  const subscriptions = await em.find(
    Subscription,
    { channel: channelId, currentPeriodEnd: { $gt: now }, user: { role: ROLE.member } },
    { populate: ['user'], orderBy: { user: { id: 'asc' } } },
  );
  const members = subscriptions.filter((s) => isSubscriptionActive(s, now)).map((s) => s.user);
  if (members.length === 0) throw validationError('channel_id', T.channelEmpty);
  return members;
}

function mailFor(config: AppConfig, member: IUser, sender: IUser, message: { id: number; subject: string; body: string }) {
  // The client routes by hash, as the flag and password-reset links do.
  const link = `${config.appUrl}/#/with_menu/messages/${message.id}`;
  return {
    to: member.email,
    subject: `Message from your coach: ${message.subject}`,
    text: `Hello ${member.name},\n\n${sender.name} sent you a message:\n\n${message.body}\n\nRead it in your inbox: ${link}\n`,
  };
}

/**
 * POST admin/message: sends to one member or to a channel's active members, with a mail and a live event each, all in
 * one transaction. A repeated idempotency key answers the first send (`created` false) and sends nothing again.
 */
export async function sendMessage(ctx: ServiceContext, actor: Actor, raw: unknown): Promise<{ created: boolean; data: AdminMessageRow }> {
  const input = parseInput(messageSendInput, raw);
  const sender = actor.user;
  return ctx.em.transactional(async (em) => {
    const key = input.idempotency_key;
    if (key !== undefined) {
      // Two sends with one key (a double click) queue here; the second then finds the first and sends nothing.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`message-send:${sender.id}:${key}`]);
      const earlier = await em.findOne(Message, { sender: sender.id, idempotencyKey: key });
      if (earlier) return { created: false, data: sentRow(await findSent(em, earlier.id)) };
    }
    const audience = await audienceOf(em, input);
    const message = em.create(Message, {
      sender: sender.id,
      subject: input.subject,
      body: input.message,
      recipient: input.recipient_id ?? null,
      channel: input.channel_id ?? null,
      idempotencyKey: key ?? null,
    });
    for (const member of audience) em.create(MessageRecipient, { message, user: member });
    await em.flush();
    for (const member of audience) await enqueueMail(em, mailFor(ctx.config, member, sender, message));
    // One job for the whole audience: it walks the recipients' devices page by page (services/push.ts).
    await enqueuePush(em, { kind: 'message', messageId: message.id }, PUSH_NOTICE.messageArrived(message));
    await notifyLive(em, { topic: 'message', id: message.id, userIds: audience.map((m) => m.id) });
    return { created: true, data: sentRow(await findSent(em, message.id)) };
  });
}

interface InboxSqlRow {
  id: number;
  subject: string;
  preview: string;
  created_at: Date | string;
  read_at: Date | string | null;
  sender_name: string | null;
}

/** GET user/message?page: the member's messages, newest first, unread ones with read_at null. */
export async function listInbox(em: EntityManager, member: IUser, raw: unknown): Promise<Page<InboxRow>> {
  const { page } = parseInput(messageListInput, raw);
  const { limit, offset } = pageWindow(page);
  const rows = await em.execute<InboxSqlRow[]>(
    `select m.id, m.subject, left(m.body, ${PREVIEW_LENGTH}) as preview, m.created_at, mr.read_at, s.name as sender_name
     from message_recipients mr join messages m on m.id = mr.message_id left join users s on s.id = m.sender_id
     where mr.user_id = ? order by m.created_at desc, m.id desc limit ? offset ?`,
    [member.id, limit, offset],
  );
  return {
    items: rows.map((r) => ({
      id: r.id, subject: r.subject, preview: r.preview, from: r.sender_name ?? T.formerCoach, created_at: iso(r.created_at)!, read_at: iso(r.read_at),
    })),
    total: await em.count(MessageRecipient, { user: member.id }),
    page,
    perPage: limit,
  };
}

/**
 * GET user/message/{id}: one of the member's messages, marked read on first opening (which tells the member's other
 * screens and the admins' live); another member's message, or none, is a 404.
 */
export async function openMessage(em: EntityManager, member: IUser, id: number): Promise<MemberMessage> {
  const copy = await em.findOne(MessageRecipient, { message: id, user: member.id }, { populate: ['message', 'message.sender'] });
  if (!copy) throw notFound(T.notFound);
  let readAt = copy.readAt ?? null;
  if (readAt === null) {
    const now = new Date();
    await em.transactional(async (tx) => {
      // Only the opening that flips it notifies: two screens opening it at once announce it once.
      const flipped = await tx.nativeUpdate(MessageRecipient, { id: copy.id, readAt: null }, { readAt: now });
      if (flipped) await notifyLive(tx, { topic: 'message', id, userIds: [member.id], admins: true });
    });
    readAt = now;
  }
  const message = copy.message;
  return {
    id: message.id,
    subject: message.subject,
    message: message.body,
    from: message.sender?.name ?? T.formerCoach,
    created_at: message.createdAt.toISOString(),
    read_at: readAt.toISOString(),
  };
}

/** GET user/message/unread_count: how many of the member's messages are unread. */
export async function unreadCount(em: EntityManager, member: IUser): Promise<number> {
  return em.count(MessageRecipient, { user: member.id, readAt: null });
}
