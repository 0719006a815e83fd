import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobHelpers, TaskList } from 'graphile-worker';
import type { PoolClient } from 'pg';
import { MESSAGE_TEXT, ROLE } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { MAIL_MAX_ATTEMPTS } from './jobs.ts';
import { sendMail } from './mail.ts';
import { IDS_PER_NOTIFICATION, LIVE_CHANNEL, livePayloads, type LiveEvent } from './live.ts';
import { PUSH_NOTICE, enqueuePushOn, inTransaction } from './push.ts';

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
 * by then. The params are written as the caller's placeholders.
 */
function channelAudienceSql(channel: string, at: string): string {
  return `s.channel_id = ${channel} and s.status in ('active', 'trialing') and s.current_period_end > ${at} and s.created_at <= ${at}
    and u.role = ${ROLE.member}`;
}

/** How many members a channel message sent at `at` is for (the progress's "of ~n"); 0 means nobody. */
export async function countChannelAudience(em: EntityManager, channelId: number, at: Date): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from subscriptions s join users u on u.id = s.user_id where ${channelAudienceSql('?', '?')}`,
    [channelId, at, at],
  );
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

const addMailJob = (
  run: (sql: string, params: unknown[]) => Promise<unknown>,
  payload: MailPayload,
  placeholders: [string, string, string],
) =>
  run(
    `select graphile_worker.add_job(${placeholders[0]}, ${placeholders[1]}::json, max_attempts => ${placeholders[2]})`,
    [MESSAGE_MAIL_TASK, JSON.stringify(payload), MAIL_MAX_ATTEMPTS],
  );

/** Queues the delivery of a channel message stored in the caller's transaction: one job, whatever the audience. */
export async function enqueueDelivery(em: EntityManager, messageId: number): Promise<void> {
  const payload: DeliveryPayload = { messageId, after: 0 };
  await em.execute('select graphile_worker.add_job(?, ?::json, max_attempts => ?, priority => ?, job_key => ?)', [
    MESSAGE_DELIVERY_TASK,
    JSON.stringify(payload),
    DELIVERY_MAX_ATTEMPTS,
    DELIVERY_PRIORITY,
    `message-delivery:${messageId}:0`,
  ]);
}

/** Queues the mails of recipient rows written in the caller's transaction (a message to one member). */
export async function enqueueMessageMails(em: EntityManager, messageId: number, userIds: number[]): Promise<void> {
  await addMailJob((sql, params) => em.execute(sql, params as never[]), { messageId, userIds }, ['?', '?', '?']);
}

interface MessageRow {
  id: number;
  subject: string;
  channel_id: number | null;
  created_at: Date;
  delivered_at: Date | null;
}

/**
 * One run of the walk, in one transaction: the next page of the channel's members after the cursor written as
 * recipient rows (a row already there, from a run repeated after its commit, is skipped and counted nowhere), the
 * message's progress counted (by the receipts' trigger), the new rows' mails queued in pages, one live notice, and
 * the next page queued; the last page marks the message delivered and queues its push. The message row is locked, so two runs of one page queue.
 */
export async function deliverPage(client: PoolClient, payload: DeliveryPayload, pageSize: number): Promise<void> {
  const {
    rows: [message],
  } = await client.query<MessageRow>(
    'select id, subject, channel_id, created_at, delivered_at from messages where id = $1 for update',
    [payload.messageId],
  );
  // Deleted, or finished by an earlier run of this page: nothing left to do.
  if (!message || message.delivered_at !== null || message.channel_id === null) return;
  const {
    rows: [page],
  } = await client.query<{ scanned: number; last: number | null; written: number[] }>(
    `with page as (
       select s.user_id from subscriptions s join users u on u.id = s.user_id
       where ${channelAudienceSql('$1', '$2')} and s.user_id > $3 order by s.user_id limit $4
     ), written as (
       insert into message_recipients (message_id, user_id, created_at) select $5, user_id, now() from page
       on conflict (message_id, user_id) do nothing returning user_id
     )
     select (select count(*)::int from page) as scanned, (select max(user_id) from page) as last,
       coalesce((select array_agg(user_id order by user_id) from written), '{}') as written`,
    [message.channel_id, message.created_at, payload.after, pageSize, message.id],
  );
  const { scanned, last, written } = page!;
  const finished = scanned < pageSize;
  // The progress itself is the message's recipients_count, which the receipts' own trigger keeps.
  if (finished) await client.query('update messages set delivered_at = now() where id = $1', [message.id]);
  for (let i = 0; i < written.length; i += MESSAGE_MAIL_PAGE) {
    await addMailJob(
      (sql, params) => client.query(sql, params),
      { messageId: message.id, userIds: written.slice(i, i + MESSAGE_MAIL_PAGE) },
      ['$1', '$2', '$3'],
    );
  }
  if (written.length) {
    // One notice per page: its members by id when they fit one notification, else as the range they span.
    const event: LiveEvent =
      written.length <= IDS_PER_NOTIFICATION
        ? { topic: 'message', id: message.id, userIds: written }
        : { topic: 'message', id: message.id, userIds: [], userRange: [written[0]!, written.at(-1)!] };
    for (const notice of livePayloads(event)) await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, notice]);
  }
  if (finished) {
    await enqueuePushOn(client, { kind: 'message', messageId: message.id }, PUSH_NOTICE.messageArrived(message));
    return;
  }
  // job_key: a page queued twice (its run repeated after the commit) is one job.
  await client.query(
    'select graphile_worker.add_job($1, $2::json, max_attempts => $3, priority => $4, job_key => $5)',
    [
      MESSAGE_DELIVERY_TASK,
      JSON.stringify({ messageId: message.id, after: last! } satisfies DeliveryPayload),
      DELIVERY_MAX_ATTEMPTS,
      DELIVERY_PRIORITY,
      `message-delivery:${message.id}:${last}`,
    ],
  );
}

/** The mail a recipient gets: the message, and a link to it in their inbox. */
function mailFor(
  config: AppConfig,
  to: { email: string; name: string },
  message: { id: number; subject: string; body: string; sender_name: string | null },
) {
  // The client routes by hash, as the flag and password-reset links do.
  const link = `${config.appUrl}/#/with_menu/messages/${message.id}`;
  return {
    to: to.email,
    subject: `Message from your coach: ${message.subject}`,
    text: `Hello ${to.name},\n\n${message.sender_name ?? T.formerCoach} sent you a message:\n\n${message.body}\n\nRead it in your inbox: ${link}\n`,
  };
}

/**
 * One mail job: its recipients not yet mailed go MESSAGE_MAIL_CONCURRENCY at a time, each group claimed (mailed_at set)
 * in one statement just before it is sent and the failed ones released after; the job then fails so the queue's retry
 * sends only those. A mail is never sent twice: at worst a process dying mid-send loses the few in flight, which the
 * SMTP server may or may not have taken.
 */
async function sendMailPage(config: AppConfig, payload: MailPayload, helpers: JobHelpers): Promise<void> {
  const {
    rows: [message],
  } = await helpers.withPgClient((client) =>
    client.query<{ id: number; subject: string; body: string; sender_name: string | null }>(
      'select m.id, m.subject, m.body, s.name as sender_name from messages m left join users s on s.id = m.sender_id where m.id = $1',
      [payload.messageId],
    ),
  );
  if (!message) return;
  const { rows: recipients } = await helpers.withPgClient((client) =>
    client.query<{ id: number; email: string; name: string }>(
      `select mr.id, u.email, u.name from message_recipients mr join users u on u.id = mr.user_id
       where mr.message_id = $1 and mr.user_id = any($2::int[]) and mr.mailed_at is null order by mr.user_id`,
      [message.id, payload.userIds],
    ),
  );
  let failures = 0;
  for (let i = 0; i < recipients.length; i += MESSAGE_MAIL_CONCURRENCY) {
    const group = recipients.slice(i, i + MESSAGE_MAIL_CONCURRENCY);
    const { rows: claimed } = await helpers.withPgClient((client) =>
      client.query<{ id: number }>(
        'update message_recipients set mailed_at = now() where id = any($1::int[]) and mailed_at is null returning id',
        [group.map((r) => r.id)],
      ),
    );
    // A recipient another run took meanwhile is left to it.
    const mine = new Set(claimed.map((r) => r.id));
    const sending = group.filter((r) => mine.has(r.id));
    const outcomes = await Promise.allSettled(sending.map((r) => sendMail(config, mailFor(config, r, message))));
    const failed = sending.filter((_r, n) => outcomes[n]!.status === 'rejected').map((r) => r.id);
    if (failed.length)
      await helpers.withPgClient((client) =>
        client.query('update message_recipients set mailed_at = null where id = any($1::int[])', [failed]),
      );
    failures += failed.length;
  }
  if (failures)
    throw new Error(
      `${failures} of ${recipients.length} mails of message ${message.id} were not taken; tried again later.`,
    );
}

/** The message tasks for the job worker's task list (services/jobs.ts). */
export function messageTasks(config: AppConfig): TaskList {
  return {
    [MESSAGE_DELIVERY_TASK]: (payload, helpers) =>
      inTransaction(helpers, (client) => deliverPage(client, payload as DeliveryPayload, config.messageDeliveryPage)),
    [MESSAGE_MAIL_TASK]: (payload, helpers) => sendMailPage(config, payload as MailPayload, helpers),
  };
}
