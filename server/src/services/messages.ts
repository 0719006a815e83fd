import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGE_RECIPIENTS_SHOWN,
  MESSAGE_TEXT,
  ROLE,
  type messageIdInput,
  type messageListInput,
  type messageSendInput,
  type AdminMessage,
  type AdminMessageRow,
  type InboxRow,
  type MemberMessage,
  type MessageReader,
} from '@evolution/shared';
import { sql, type InferResult, type Kysely } from 'kysely';
import type { z } from 'zod';
import { db, type Database } from '../db/kysely.ts';
import { Channel, Message, MessageRecipient, User } from '../entities/index.ts';
import { notFound, validationError } from '../errors.ts';
import type { SignedInContext } from './context.ts';
import { notifyLive } from './live.ts';
import { markdownToPlainText } from './markdown.ts';
import { countChannelAudience, enqueueDelivery, enqueueMessageMails } from './messageDelivery.ts';
import { pageWindow, type Page } from './pagination.ts';
import { PUSH_NOTICE, enqueuePush } from './push.ts';

// Coaches' messages (docs/product.md §6). A message to one member is written with its recipient row, mail
// job, push job and live event in one transaction. A channel message is stored with one delivery job in the admin's
// transaction, and the job queue writes its recipients page by page (services/messageDelivery.ts).

const T = MESSAGE_TEXT;
/** How much of a message the inbox shows under its subject, in plain words. */
const PREVIEW_LENGTH = 140;
/** How much of the Markdown source is read for that preview: ample for its words, whatever the marks around them. */
const PREVIEW_SOURCE = 2_000;

type MessageId = z.output<typeof messageIdInput>;
type MessagePage = z.output<typeof messageListInput>;

const iso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

// One read model for the admin's list and detail: the audience and read counts are the message's own columns, which
// message_recipients' triggers keep (a broadcast's 333,333 receipts are never counted on a read).
function sentQuery(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('messages as m')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .leftJoin('users as r', 'r.id', 'm.recipient_id')
    .leftJoin('channels as c', 'c.id', 'm.channel_id')
    .select([
      'm.id',
      'm.subject',
      'm.body',
      'm.created_at',
      'm.recipient_id',
      'm.channel_id',
      'm.expected_count',
      'm.recipients_count as delivered_count',
      'm.delivered_at',
      's.name as sender_name',
      'r.name as recipient_name',
      'r.email as recipient_email',
      'c.name as channel_name',
      'm.recipients_count',
      'm.read_count',
    ]);
}
type SentRow = InferResult<ReturnType<typeof sentQuery>>[number];

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
    expected_count: row.expected_count,
    delivered_count: row.delivered_count,
    delivered_at: iso(row.delivered_at),
  };
}

async function findSent(em: EntityManager, id: number): Promise<SentRow> {
  const row = await sentQuery(db(em)).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(T.notFound);
  return row;
}

/** GET admin/message?page: the messages admins have sent, newest first, with their audience and read counts. */
export async function listSentMessages({ em }: SignedInContext, { page }: MessagePage): Promise<Page<AdminMessageRow>> {
  const { limit, offset } = pageWindow(page);
  const rows = await sentQuery(db(em))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items: rows.map(sentRow), total: await em.count(Message, {}), page, perPage: limit };
}

/**
 * GET admin/message/{id}: the message and its first MESSAGE_RECIPIENTS_SHOWN recipients with when they read them
 * (readers first, latest first; recipients_count says how many in all); 404 when unknown. A channel of 333,333 would
 * otherwise answer every member, every few seconds while the screen follows its delivery. Among readers at the same
 * moment and among those yet to read, the member who joined first comes first: the order the readers index holds.
 */
export async function getSentMessage({ em }: SignedInContext, { id }: MessageId): Promise<AdminMessage> {
  const row = await findSent(em, id);
  const readers = await db(em)
    .selectFrom(
      db(em)
        .selectFrom('message_recipients')
        .select(['user_id', 'read_at'])
        .where('message_id', '=', id)
        .orderBy('read_at', (ob) => ob.desc().nullsLast())
        .orderBy('user_id')
        .limit(MESSAGE_RECIPIENTS_SHOWN)
        .as('mr'),
    )
    .innerJoin('users as u', 'u.id', 'mr.user_id')
    .select(['u.id as user_id', 'u.name', 'u.email', 'mr.read_at'])
    .orderBy('mr.read_at', (ob) => ob.desc().nullsLast())
    .orderBy('mr.user_id')
    .execute();
  const recipients: MessageReader[] = readers.map((r) => ({
    user_id: r.user_id,
    name: r.name,
    email: r.email,
    read_at: iso(r.read_at),
  }));
  return { ...sentRow(row), message: row.body, recipients };
}

type SendInput = z.output<typeof messageSendInput>;

/** The one member a direct message is for; a 422 on recipient_id when that is no member. */
async function directRecipient(em: EntityManager, input: SendInput): Promise<number> {
  const member = await em.findOne(User, { id: input.recipient_id!, role: ROLE.member }, { fields: ['id'] });
  if (!member) throw validationError('recipient_id', T.recipientNotMember);
  return member.id;
}

/**
 * How many members a channel message sent at `at` is for: the channel's members whose subscription is active then (the
 * same rule as their access). A 422 names the field when the channel is unknown or that is nobody.
 */
async function channelAudience(em: EntityManager, input: SendInput, at: Date): Promise<number> {
  const channelId = input.channel_id!;
  if (!(await em.count(Channel, { id: channelId }))) throw validationError('channel_id', T.channelUnknown);
  const expected = await countChannelAudience(em, channelId, at);
  if (expected === 0) throw validationError('channel_id', T.channelEmpty);
  return expected;
}

/**
 * POST admin/message: a message to one member is delivered at once (recipient row, mail job, push and live event); a
 * message to a channel is stored with its delivery queued, and the job queue writes its recipients in pages (the
 * answer's delivered_count and delivered_at follow it). Both in one transaction. A repeated idempotency key answers the
 * first send (`created` false) and sends nothing again.
 */
export async function sendMessage(
  ctx: SignedInContext,
  input: SendInput,
): Promise<{ created: boolean; row: AdminMessageRow }> {
  const sender = ctx.actor.me;
  return ctx.em.transactional(async (em) => {
    const key = input.idempotency_key;
    if (key !== undefined) {
      // Two sends with one key (a double click) queue here; the second then finds the first and sends nothing.
      const lock = `message-send:${sender.id}:${key}`;
      await sql`select pg_advisory_xact_lock(hashtext(${lock}))`.execute(db(em));
      const earlier = await em.findOne(Message, { sender: sender.id, idempotencyKey: key });
      if (earlier) return { created: false, row: sentRow(await findSent(em, earlier.id)) };
    }
    // The sending time is the audience's "now": the delivery's later pages judge subscriptions at this moment too.
    const at = new Date();
    const memberId = input.recipient_id === undefined ? null : await directRecipient(em, input);
    const expected = memberId === null ? await channelAudience(em, input, at) : 1;
    const message = em.create(Message, {
      sender: sender.id,
      subject: input.subject,
      body: input.message,
      recipient: memberId,
      channel: input.channel_id ?? null,
      idempotencyKey: key ?? null,
      createdAt: at,
      expectedCount: expected,
      deliveredAt: memberId === null ? null : at,
    });
    if (memberId === null) {
      await em.flush();
      await enqueueDelivery(em, message.id);
      return { created: true, row: sentRow(await findSent(em, message.id)) };
    }
    em.create(MessageRecipient, { message, user: memberId });
    await em.flush();
    await enqueueMessageMails(em, message.id, [memberId]);
    await enqueuePush(em, { kind: 'message', messageId: message.id }, PUSH_NOTICE.messageArrived(message));
    await notifyLive(em, { topic: 'message', id: message.id, userIds: [memberId] });
    return { created: true, row: sentRow(await findSent(em, message.id)) };
  });
}

/** GET user/message?page: the member's messages, newest first (read_at null while unread), previewed in plain words. */
export async function listInbox({ em, actor }: SignedInContext, { page }: MessagePage): Promise<Page<InboxRow>> {
  const member = actor.me;
  const { limit, offset } = pageWindow(page);
  const rows = await db(em)
    .selectFrom('message_recipients as mr')
    .innerJoin('messages as m', 'm.id', 'mr.message_id')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .select((eb) => [
      'm.id',
      'm.subject',
      eb.fn<string>('left', ['m.body', sql.lit(PREVIEW_SOURCE)]).as('preview'),
      'm.created_at',
      'mr.read_at',
      's.name as sender_name',
    ])
    .where('mr.user_id', '=', member.id)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      preview: markdownToPlainText(r.preview, PREVIEW_LENGTH),
      from: r.sender_name ?? T.formerCoach,
      created_at: iso(r.created_at)!,
      read_at: iso(r.read_at),
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
export async function openMessage({ em, actor }: SignedInContext, { id }: MessageId): Promise<MemberMessage> {
  const member = actor.me;
  const copy = await em.findOne(
    MessageRecipient,
    { message: id, user: member.id },
    { populate: ['message', 'message.sender'] },
  );
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
export async function unreadCount({ em, actor }: SignedInContext): Promise<{ unread_count: number }> {
  return { unread_count: await em.count(MessageRecipient, { user: actor.me.id, readAt: null }) };
}
