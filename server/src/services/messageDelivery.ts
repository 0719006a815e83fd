import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { sql, type QueryCreator } from 'kysely';
import { MESSAGE_TEXT, ROLE } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { anyOf, db, type Database, now, liveSubscriptionStatuses } from '../db/kysely.ts';
import { MAIL_MAX_ATTEMPTS } from './jobs.ts';
import { sendMail, type Mail } from './mail.ts';
import { markdownToMailHtml } from './markdown.ts';
import { IDS_PER_NOTIFICATION, notifyLive, type LiveEvent } from './live.ts';
import { PUSH_NOTICE, enqueuePush } from './push.ts';

// A channel message's delivery: the admin's call stores the message and queues one walk; the walk
// writes the recipient rows set-based, a page of members per run in its own transaction, and hands each page's mail
// to batch jobs. Nothing holds one object per recipient beyond a page, however large the channel.

/** One page of a channel message's audience: its recipient rows, mail jobs, live notice, then the next page queued. */
const MESSAGE_DELIVERY_TASK = 'message_delivery';
/** The mails of up to MESSAGE_MAIL_PAGE recipients of one message. */
const MESSAGE_MAIL_TASK = 'message_mail';
/** Recipients per mail job: a failing SMTP server delays a page of this size, not the walk. */
const MESSAGE_MAIL_PAGE = 500;
/** Mails in flight at once per mail job: the worker shares the process with requests, and SMTP servers throttle bursts. */
const MESSAGE_MAIL_CONCURRENCY = 8;
/** A walk run fails only when the database does. */
const DELIVERY_MAX_ATTEMPTS = 10;
/** The walk runs before mail (lowest priority first): the inbox is where members read it; the mails follow. */
const DELIVERY_PRIORITY = -1;

const T = MESSAGE_TEXT;

/**
 * The channel's audience over `subscriptions s join users u`, as admission decides it (session.isSubscriptionActive)
 * at the message's sending time `at`: a member whose subscription is active or trialing, paid past `at`, and created
 * by then.
 */
function channelAudience(kysely: QueryCreator<Database>, channelId: number, at: string) {
  return kysely
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.channel_id', '=', channelId)
    .where('s.status', 'in', liveSubscriptionStatuses())
    .where('s.current_period_end', '>', at)
    .where('s.created_at', '<=', at)
    .where('u.role', '=', sql.lit(ROLE.member));
}

/** How many members a channel message sent at `at` is for (the progress's "of ~n"); 0 means nobody. */
export async function countChannelAudience(em: EntityManager, channelId: number, at: Date): Promise<number> {
  const row = await channelAudience(db(em), channelId, at.toISOString())
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

interface DeliveryPayload {
  messageId: number;
  /** The keyset cursor: members with a larger id are still to be written. */
  after: number;
}

interface MailPayload {
  messageId: number;
  /** Recipients whose mail this job sends (those not yet mailed when it runs). */
  userIds: number[];
}

/** Queues one mail job on the caller's EntityManager (in its transaction). */
const addMailJob = (em: EntityManager, payload: MailPayload) =>
  sql`select graphile_worker.add_job(${MESSAGE_MAIL_TASK}, ${JSON.stringify(payload)}::json, max_attempts => ${MAIL_MAX_ATTEMPTS})`.execute(
    db(em),
  );

/** Queues one page of a delivery's walk; the job key makes a page queued twice (its run repeated after the commit) one job. */
const addDeliveryJob = (em: EntityManager, payload: DeliveryPayload) =>
  sql`select graphile_worker.add_job(${MESSAGE_DELIVERY_TASK}, ${JSON.stringify(payload)}::json, max_attempts => ${DELIVERY_MAX_ATTEMPTS}, priority => ${DELIVERY_PRIORITY}, job_key => ${`message-delivery:${payload.messageId}:${payload.after}`})`.execute(
    db(em),
  );

/** Queues the delivery of a channel message stored in the caller's transaction: one job, whatever the audience. */
export async function enqueueDelivery(em: EntityManager, messageId: number): Promise<void> {
  await addDeliveryJob(em, { messageId, after: 0 });
}

/** Queues the mails of recipient rows written in the caller's transaction (a message to one member). */
export async function enqueueMessageMails(em: EntityManager, messageId: number, userIds: number[]): Promise<void> {
  await addMailJob(em, { messageId, userIds });
}

/**
 * One run of the walk, in one transaction: the next page of the channel's members after the cursor written as
 * recipient rows (a row already there, from a run repeated after its commit, is skipped and counted nowhere), the
 * message's progress counted (by the receipts' trigger), the new rows' mails queued in pages, one live notice, and
 * the next page queued; the last page marks the message delivered and queues its push. The message row is locked, so two runs of one page queue.
 */
export async function deliverPage(em: EntityManager, payload: DeliveryPayload, pageSize: number): Promise<void> {
  const kysely = db(em);
  const message = await kysely
    .selectFrom('messages')
    .select(['id', 'subject', 'channel_id', 'created_at', 'delivered_at'])
    .where('id', '=', payload.messageId)
    .forUpdate()
    .executeTakeFirst();
  // Deleted, or finished by an earlier run of this page: nothing left to do.
  if (!message || message.delivered_at !== null || message.channel_id === null) return;
  const { scanned, last, written } = await kysely
    .with('page', (qc) =>
      channelAudience(qc, message.channel_id!, message.created_at)
        .select('s.user_id')
        .where('s.user_id', '>', payload.after)
        .orderBy('s.user_id')
        .limit(pageSize),
    )
    .with('written', (qc) =>
      qc
        .insertInto('message_recipients')
        .columns(['message_id', 'user_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('page')
            .select((eb) => [eb.val(message.id).as('message_id'), 'user_id', now().as('created_at')]),
        )
        .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
        .returning('user_id'),
    )
    .selectNoFrom((eb) => [
      eb
        .selectFrom('page')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
        .as('scanned'),
      eb
        .selectFrom('page')
        .select((eb) => eb.fn.max('user_id').as('m'))
        .as('last'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('written')
            .select((eb) => eb.fn.agg<number[]>('array_agg', ['user_id']).orderBy('user_id').as('a')),
          sql<number[]>`'{}'`,
        )
        .as('written'),
    ])
    .executeTakeFirstOrThrow();
  const finished = scanned! < pageSize;
  // The progress itself is the message's recipients_count, which the receipts' own trigger keeps.
  if (finished)
    await kysely.updateTable('messages').set({ delivered_at: now() }).where('id', '=', message.id).execute();
  for (let i = 0; i < written.length; i += MESSAGE_MAIL_PAGE) {
    await addMailJob(em, { messageId: message.id, userIds: written.slice(i, i + MESSAGE_MAIL_PAGE) });
  }
  if (written.length) {
    // One notice per page: its members by id when they fit one notification, else as the range they span.
    const event: LiveEvent =
      written.length <= IDS_PER_NOTIFICATION
        ? { topic: 'message', id: message.id, userIds: written }
        : { topic: 'message', id: message.id, userIds: [], userRange: [written[0]!, written.at(-1)!] };
    await notifyLive(em, event);
  }
  if (finished) {
    await enqueuePush(em, { kind: 'message', messageId: message.id }, PUSH_NOTICE.messageArrived(message));
    return;
  }
  await addDeliveryJob(em, { messageId: message.id, after: last! });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML part of a message's mail: the Markdown rendered (services/markdown.ts) in a plain, inline-styled column that
 * mail programs show alike, light on any client.
 */
function mailHtml(name: string, sender: string, subject: string, body: string, link: string): string {
  const text = 'color:#1f2328;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.6';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f2f4">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;${text}">
<div style="padding:24px;border-radius:8px;background:#ffffff">
<p style="margin:0 0 12px">Hello ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">${escapeHtml(sender)} sent you a message:</p>
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">${escapeHtml(subject)}</h1>
<div style="margin:0 0 20px">${body}</div>
<p style="margin:0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#ff6b2c;color:#140800;font-weight:700;text-decoration:none">Read it in your inbox</a></p>
</div>
</div>
</body>
</html>
`;
}

/**
 * The mail a recipient gets: the message, and a link to it in their inbox; HTML with the Markdown rendered, and a
 * plain-text part that keeps the Markdown source (written to be read as it is).
 */
export function mailFor(
  config: AppConfig,
  to: { email: string; name: string },
  message: { id: number; subject: string; body: string; sender_name: string | null },
  bodyHtml: string,
): Mail {
  // The client routes by hash, as the flag and password-reset links do.
  const link = `${config.appUrl}/#/with_menu/messages/${message.id}`;
  const sender = message.sender_name ?? T.formerCoach;
  return {
    to: to.email,
    subject: `Message from your coach: ${message.subject}`,
    text: `Hello ${to.name},\n\n${sender} sent you a message:\n\n${message.body}\n\nRead it in your inbox: ${link}\n`,
    html: mailHtml(to.name, sender, message.subject, bodyHtml, link),
  };
}

/**
 * One mail job: its recipients not yet mailed go MESSAGE_MAIL_CONCURRENCY at a time, each group claimed (mailed_at set)
 * in one statement just before it is sent and the failed ones released after; the job then fails so the queue's retry
 * sends only those. A mail is never sent twice: at worst a process dying mid-send loses the few in flight, which the
 * SMTP server may or may not have taken.
 */
async function sendMailPage(config: AppConfig, payload: MailPayload, em: EntityManager): Promise<void> {
  const kysely = db(em);
  const message = await kysely
    .selectFrom('messages as m')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .select(['m.id', 'm.subject', 'm.body', 's.name as sender_name'])
    .where('m.id', '=', payload.messageId)
    .executeTakeFirst();
  if (!message) return;
  const recipients = await kysely
    .selectFrom('message_recipients as mr')
    .innerJoin('users as u', 'u.id', 'mr.user_id')
    .select(['mr.id', 'u.email', 'u.name'])
    .where('mr.message_id', '=', message.id)
    .where('mr.user_id', '=', anyOf(payload.userIds))
    .where('mr.mailed_at', 'is', null)
    .orderBy('mr.user_id')
    .execute();
  // Rendered once per job: every recipient's mail holds the same message.
  const bodyHtml = markdownToMailHtml(message.body, config.appUrl);
  let failures = 0;
  for (let i = 0; i < recipients.length; i += MESSAGE_MAIL_CONCURRENCY) {
    const group = recipients.slice(i, i + MESSAGE_MAIL_CONCURRENCY);
    const claimed = await kysely
      .updateTable('message_recipients')
      .set({ mailed_at: now() })
      .where('id', '=', anyOf(group.map((r) => r.id)))
      .where('mailed_at', 'is', null)
      .returning('id')
      .execute();
    // A recipient another run took meanwhile is left to it.
    const mine = new Set(claimed.map((r) => r.id));
    const sending = group.filter((r) => mine.has(r.id));
    const outcomes = await Promise.allSettled(
      sending.map((r) => sendMail(config, mailFor(config, r, message, bodyHtml))),
    );
    const failed = sending.filter((_r, n) => outcomes[n]!.status === 'rejected').map((r) => r.id);
    if (failed.length)
      await kysely.updateTable('message_recipients').set({ mailed_at: null }).where('id', '=', anyOf(failed)).execute();
    failures += failed.length;
  }
  if (failures)
    throw new Error(
      `${failures} of ${recipients.length} mails of message ${message.id} were not taken; tried again later.`,
    );
}

/** The message tasks for the job worker's task list (services/jobs.ts). */
export function messageTasks(config: AppConfig, orm: MikroORM): TaskList {
  return {
    [MESSAGE_DELIVERY_TASK]: (payload) =>
      orm.em.fork().transactional((tx) => deliverPage(tx, payload as DeliveryPayload, config.messageDeliveryPage)),
    [MESSAGE_MAIL_TASK]: (payload) => sendMailPage(config, payload as MailPayload, orm.em.fork()),
  };
}
