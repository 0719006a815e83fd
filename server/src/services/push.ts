import { createECDH, randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { sql, type Kysely, type Selectable } from 'kysely';
import webpush from 'web-push';
import type { z } from 'zod';
import {
  PUSH_MESSAGE,
  ROLE,
  isPushEndpoint,
  type PushKey,
  type PushNotification,
  type PushSubscriptionDto,
  type pushEndpointInput,
  type pushSubscriptionInput,
} from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { anyOf, db, type Database, now } from '../db/kysely.ts';
import { notFound, validationError } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { serviceLog } from './log.ts';

// Web Push: devices register here; notifications go through the job queue, queued in the transaction of the
// write that causes them. One job walks an event's audience in keyset pages of subscriptions, however large it is.

/** The walk of one notification's audience: a page of subscriptions per run, then it queues itself for the next. */
const PUSH_WALK_TASK = 'push_walk';
/** The sends a push service asked us to repeat (429, 5xx, no answer): a batch job, so each retry repeats only the failed ones. */
const PUSH_RETRY_TASK = 'push_retry';
/** Subscriptions read and sent per walk run. */
export const PUSH_PAGE_SIZE = 500;
/** Requests in flight at once per run: push services throttle bursts, and the worker shares the process with requests. */
export const PUSH_CONCURRENCY = 16;
/** A walk fails only when the database does; a retried send is tried this often (e^n s apart: about 2 hours in all). */
const PUSH_WALK_MAX_ATTEMPTS = 10;
const PUSH_RETRY_MAX_ATTEMPTS = 8;
/** A push service that just answered 429 or 5xx gets a breath before the first retry (the queue's backoff follows). */
const PUSH_RETRY_DELAY_SECONDS = 5;
/**
 * Push jobs run before mail (graphile-worker takes the lowest priority first): a notification is worth little late, and
 * the mails of a channel message (one job per member) must not hold it back. A walk takes one worker slot at a time.
 */
const PUSH_PRIORITY = -1;
/** How long a push service keeps a notification for a device that is offline: a day-old reply is still worth showing. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;
/** Devices kept per account: registering one more drops the longest unused (so nobody can make us fan out without end). */
export const PUSH_MAX_DEVICES = 20;

const M = PUSH_MESSAGE;

/** Who a notification is for: one account's devices, every admin's, or the recipients of a coach's message. */
export type PushAudience =
  { kind: 'user'; userId: number } | { kind: 'admins' } | { kind: 'message'; messageId: number };

// ---------------------------------------------------------------------------------------------------------------
// What is sent (short texts; subjects and names, never health data)

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const memberFlagUrl = (id: number) => `/#/with_menu/assistance_flags/${id}`;
const adminFlagUrl = (id: number) => `/#/admin/assistance_flag/${id}`;

/** The notifications of assistance flags and messages; the tag makes a newer one replace an older one on a device. */
export const PUSH_NOTICE = {
  coachReplied: (flag: { id: number; subject: string }): PushNotification => ({
    title: 'Your coach replied',
    body: `Assistance flag: ${clip(flag.subject)}`,
    url: memberFlagUrl(flag.id),
    tag: `flag-${flag.id}`,
  }),
  coachClosed: (flag: { id: number; subject: string }): PushNotification => ({
    title: 'Assistance flag closed',
    body: `Your coach closed "${clip(flag.subject)}".`,
    url: memberFlagUrl(flag.id),
    tag: `flag-${flag.id}`,
  }),
  messageArrived: (message: { id: number; subject: string }): PushNotification => ({
    title: 'New message from your coach',
    body: clip(message.subject),
    url: `/#/with_menu/messages/${message.id}`,
    tag: `message-${message.id}`,
  }),
  flagOpened: (flag: { id: number; subject: string }, memberName: string): PushNotification => ({
    title: 'New assistance flag',
    body: `${clip(memberName, 60)}: ${clip(flag.subject)}`,
    url: adminFlagUrl(flag.id),
    tag: `flag-${flag.id}`,
  }),
  memberReplied: (flag: { id: number; subject: string }, memberName: string): PushNotification => ({
    title: 'Reply on an assistance flag',
    body: `${clip(memberName, 60)}: ${clip(flag.subject)}`,
    url: adminFlagUrl(flag.id),
    tag: `flag-${flag.id}`,
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// The devices' calls

/** A device's row as read back (timestamps as the pool's text). */
type SubscriptionRow = Selectable<Database['push_subscriptions']>;

const dto = (row: Pick<SubscriptionRow, 'endpoint' | 'created_at' | 'last_used_at'>): PushSubscriptionDto => ({
  endpoint: row.endpoint,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

// A point off the P-256 curve passes the schema's length check but could never be encrypted for.
const probe = createECDH('prime256v1');
probe.generateKeys();
function isP256Point(base64url: string): boolean {
  try {
    probe.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * True when an endpoint is on one of the configured push services (PUSH_ENDPOINT_HOSTS: a listed name or a subdomain of
 * one) in the schema's shape, so plain http only on a listed loopback name. The server posts to every endpoint
 * registered, so any other host would let a member aim it at internal services and read the outcome back.
 */
function isOnPushService(config: AppConfig, endpoint: string): boolean {
  if (!isPushEndpoint(endpoint)) return false;
  const host = new URL(endpoint).hostname;
  return config.pushEndpointHosts.some((name) => host === name || host.endsWith(`.${name}`));
}

/** GET push/key: the VAPID public key browsers subscribe with (`applicationServerKey`). */
export function pushKey(ctx: ServiceContext): PushKey {
  return { public_key: ctx.config.vapid.publicKey };
}

/** GET push/subscription?endpoint: the caller's device with that endpoint, or null (unknown, or another account's). */
export async function findOwnSubscription(
  ctx: SignedInContext,
  { endpoint }: z.output<typeof pushEndpointInput>,
): Promise<PushSubscriptionDto | null> {
  const row = await db(ctx.em)
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'created_at', 'last_used_at'])
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', ctx.actor.me.id)
    .executeTakeFirst();
  return row ? dto(row) : null;
}

/**
 * POST push/subscription: registers the caller's device. The same endpoint again updates its keys; an endpoint another
 * account registered (a shared phone) moves to the caller. `created` is false when it was the caller's already.
 */
export async function subscribePush(
  ctx: SignedInContext,
  input: z.output<typeof pushSubscriptionInput>,
): Promise<{ created: boolean; data: PushSubscriptionDto }> {
  if (!isOnPushService(ctx.config, input.endpoint)) throw validationError('endpoint', M.endpointHost);
  if (!isP256Point(input.keys.p256dh)) throw validationError('keys.p256dh', M.p256dhInvalid);
  const userId = ctx.actor.me.id;
  return ctx.em.transactional(async (em) => {
    const kysely = db(em);
    const before = await kysely
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', input.endpoint)
      .executeTakeFirst();
    // One statement, so two registrations of one endpoint at once leave one row. A device that changes hands starts
    // afresh for its new account: created now, never used.
    const row = await kysely
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        created_at: now(),
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => {
          const sameAccount = eb('push_subscriptions.user_id', '=', eb.ref('excluded.user_id'));
          return {
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            user_id: eb.ref('excluded.user_id'),
            created_at: eb
              .case()
              .when(sameAccount)
              .then(eb.ref('push_subscriptions.created_at'))
              .else(eb.ref('excluded.created_at'))
              .end(),
            last_used_at: eb.case().when(sameAccount).then(eb.ref('push_subscriptions.last_used_at')).end(),
          };
        }),
      )
      .returning(['id', 'user_id', 'endpoint', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
    await kysely
      .deleteFrom('push_subscriptions')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '<>', row.id)
          .orderBy((eb) => eb.fn.coalesce('last_used_at', 'created_at'), 'desc')
          .orderBy('id', 'desc')
          .offset(PUSH_MAX_DEVICES - 1),
      )
      .execute();
    return { created: before?.user_id !== userId, data: dto(row) };
  });
}

/** DELETE push/subscription: the caller's device stops receiving; an unknown endpoint, or another account's, is a 404. */
export async function unsubscribePush(
  ctx: SignedInContext,
  { endpoint }: z.output<typeof pushEndpointInput>,
): Promise<void> {
  const removed = await db(ctx.em)
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', ctx.actor.me.id)
    .returning('id')
    .execute();
  // Another account's device is a 404, not a 403: whose it is is none of the caller's business.
  if (removed.length === 0) throw notFound(M.notFound);
}

// ---------------------------------------------------------------------------------------------------------------
// Queueing

/** The audience's devices: `push_subscriptions s`, joined to what picks them. */
function audienceDevices(kysely: Kysely<Database>, audience: PushAudience) {
  const devices = kysely.selectFrom('push_subscriptions as s');
  switch (audience.kind) {
    case 'user':
      return devices.where('s.user_id', '=', audience.userId);
    case 'admins':
      return devices.innerJoin('users as u', 'u.id', 's.user_id').where('u.role', '=', ROLE.admin);
    case 'message':
      // The message's recipient rows are its audience (all written: a channel message queues this once delivered).
      return devices
        .innerJoin('message_recipients as r', 'r.user_id', 's.user_id')
        .where('r.message_id', '=', audience.messageId);
  }
}

interface WalkPayload {
  /** Names this notification's walk, so a page queued twice (a retried run) is one job. */
  run: string;
  audience: PushAudience;
  notification: PushNotification;
  /** The keyset cursor: subscriptions with a larger id are still to be sent. */
  after: number;
}

/**
 * Queues a notification for an audience's devices on the caller's EntityManager (inside its transaction, so a write
 * that rolls back sends nothing). One job however large the audience; nothing is queued when nobody has a device.
 */
export async function enqueuePush(
  em: EntityManager,
  audience: PushAudience,
  notification: PushNotification,
): Promise<void> {
  const kysely = db(em);
  const { found } = await kysely
    .selectNoFrom((eb) => eb.exists(audienceDevices(kysely, audience).select(eb.lit(1).as('one'))).as('found'))
    .executeTakeFirstOrThrow();
  if (!found) return;
  const payload: WalkPayload = { run: randomUUID(), audience, notification, after: 0 };
  await sql`select graphile_worker.add_job(${PUSH_WALK_TASK}, ${JSON.stringify(payload)}::json, max_attempts => ${PUSH_WALK_MAX_ATTEMPTS}, priority => ${PUSH_PRIORITY})`.execute(
    kysely,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Sending (the job queue's worker)

/** A device as a send needs it. */
type DeviceRow = Pick<SubscriptionRow, 'id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth'>;
/** The columns of a DeviceRow. */
const DEVICE = ['id', 'user_id', 'endpoint', 'p256dh', 'auth'] as const;

/**
 * What a push service made of one send: accepted, the device is gone (404/410, or its endpoint is no longer on a
 * configured push service), worth another try, or refused for good.
 */
type Outcome = 'delivered' | 'gone' | 'retry' | 'refused';

/** Encrypts the notification for one device (RFC 8291), signs the request (VAPID, RFC 8292) and posts it. */
async function deliver(
  config: AppConfig,
  device: DeviceRow,
  body: string,
  topic: string | undefined,
): Promise<Outcome> {
  // A device registered before PUSH_ENDPOINT_HOSTS changed is dropped unsent: its host is no longer trusted.
  if (!isOnPushService(config, device.endpoint)) {
    serviceLog(config, 'warn', 'Push device dropped: its endpoint is not on a configured push service', {
      subscription: device.id,
    });
    return 'gone';
  }
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      body,
      {
        vapidDetails: config.vapid,
        TTL: PUSH_TTL_SECONDS,
        ...(topic ? { topic } : {}),
      },
    );
  } catch (err) {
    serviceLog(config, 'warn', 'Push notification could not be prepared', {
      subscription: device.id,
      err: (err as Error).message,
    });
    return 'refused';
  }
  // web-push's own sender speaks https only; fetch also reaches a loopback http endpoint (tests, development). The
  // length is fetch's to set.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  try {
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return 'delivered';
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status === 429 || res.status >= 500) return 'retry';
    serviceLog(config, 'warn', 'Push service refused a notification', { subscription: device.id, status: res.status });
    return 'refused';
  } catch {
    // No answer in time, or no connection: the push service may be back later.
    return 'retry';
  }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in the items' order. */
async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

// The tag doubles as the push Topic (RFC 8030), so a device that was offline gets only the latest of one thread.
const topicOf = (notification: PushNotification) =>
  /^[A-Za-z0-9_-]{1,32}$/.test(notification.tag) ? notification.tag : undefined;

/** Sends one notification to each device. */
function sendAll(config: AppConfig, devices: readonly DeviceRow[], notification: PushNotification): Promise<Outcome[]> {
  const body = JSON.stringify(notification);
  return eachLimited(devices, PUSH_CONCURRENCY, (device) => deliver(config, device, body, topicOf(notification)));
}

/** Drops the devices their push service called gone and stamps the ones that took a notification, set-based. */
async function recordOutcomes(
  kysely: Kysely<Database>,
  sent: readonly { id: number; outcome: Outcome }[],
): Promise<void> {
  const gone = sent.filter((s) => s.outcome === 'gone').map((s) => s.id);
  const delivered = sent.filter((s) => s.outcome === 'delivered').map((s) => s.id);
  if (gone.length) await kysely.deleteFrom('push_subscriptions').where('id', '=', anyOf(gone)).execute();
  if (delivered.length)
    await kysely
      .updateTable('push_subscriptions')
      .set({ last_used_at: now() })
      .where('id', '=', anyOf(delivered))
      .execute();
}

/** One send to repeat: the device (still the same account's) and what to show. */
interface RetryEntry {
  subscriptionId: number;
  userId: number;
  notification: PushNotification;
}

/**
 * One run of a walk: the next page of the audience's devices after the cursor, sent with limited concurrency; then, in
 * one transaction, the gone devices dropped, the failed sends handed to a retry job and the next page queued. A run
 * the queue repeats starts from its own cursor, so the pages before it are never sent again.
 */
async function walkPage(config: AppConfig, payload: WalkPayload, em: EntityManager): Promise<void> {
  const devices = await audienceDevices(db(em), payload.audience)
    .select(DEVICE.map((c) => `s.${c}` as const))
    .where('s.id', '>', payload.after)
    .orderBy('s.id')
    .limit(PUSH_PAGE_SIZE)
    .execute();
  if (devices.length === 0) return;
  const outcomes = await sendAll(config, devices, payload.notification);
  const retries: RetryEntry[] = devices
    .filter((_d, i) => outcomes[i] === 'retry')
    .map((d) => ({ subscriptionId: d.id, userId: d.user_id, notification: payload.notification }));
  const last = devices.at(-1)!.id;
  await em.transactional(async (tx) => {
    const kysely = db(tx);
    await recordOutcomes(
      kysely,
      devices.map((d, i) => ({ id: d.id, outcome: outcomes[i]! })),
    );
    if (retries.length) {
      await sql`select graphile_worker.add_job(${PUSH_RETRY_TASK}, ${JSON.stringify(retries)}::json, max_attempts => ${PUSH_RETRY_MAX_ATTEMPTS}, priority => ${PUSH_PRIORITY}, run_at => now() + make_interval(secs => ${PUSH_RETRY_DELAY_SECONDS}))`.execute(
        kysely,
      );
    }
    if (devices.length === PUSH_PAGE_SIZE) {
      const next: WalkPayload = { ...payload, after: last };
      await sql`select graphile_worker.add_job(${PUSH_WALK_TASK}, ${JSON.stringify(next)}::json, max_attempts => ${PUSH_WALK_MAX_ATTEMPTS}, priority => ${PUSH_PRIORITY}, job_key => ${`push:${payload.run}:${last}`})`.execute(
        kysely,
      );
    }
  });
}

/**
 * A retry batch: each entry's device is sent again if it still exists and is still the same account's; the entries
 * that fail once more are all the queue keeps for the next attempt (graphile-worker's batch jobs).
 */
async function retryBatch(config: AppConfig, entries: RetryEntry[], em: EntityManager): Promise<Promise<void>[]> {
  const rows = await db(em)
    .selectFrom('push_subscriptions')
    .select(DEVICE)
    .where('id', '=', anyOf(entries.map((e) => e.subscriptionId)))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const outcomes = await eachLimited(
    entries,
    PUSH_CONCURRENCY,
    async (entry): Promise<{ id: number; outcome: Outcome } | null> => {
      const device = byId.get(entry.subscriptionId);
      // A device deleted or moved to another account since is left out: it is not the one the notification was for.
      if (!device || device.user_id !== entry.userId) return null;
      return {
        id: device.id,
        outcome: await deliver(config, device, JSON.stringify(entry.notification), topicOf(entry.notification)),
      };
    },
  );
  await em.transactional((tx) =>
    recordOutcomes(
      db(tx),
      outcomes.filter((o) => o !== null),
    ),
  );
  return outcomes.map((o) => {
    if (o?.outcome !== 'retry') return Promise.resolve();
    const retry = Promise.reject(new Error('The push service did not take the notification; tried again later.'));
    // Marked as handled here: the worker reads it a few awaits later, and an unhandled rejection would end the process.
    retry.catch(() => {});
    return retry;
  });
}

/** The push tasks for the job worker's task list (services/jobs.ts). */
export function pushTasks(config: AppConfig, orm: MikroORM): TaskList {
  return {
    [PUSH_WALK_TASK]: (payload) => walkPage(config, payload as WalkPayload, orm.em.fork()),
    [PUSH_RETRY_TASK]: (payload) => retryBatch(config, payload as RetryEntry[], orm.em.fork()),
  };
}
