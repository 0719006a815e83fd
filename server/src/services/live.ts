import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import pg from 'pg';
import { ROLE } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { db } from '../db/kysely.ts';
import { CONTENT_CHANNEL } from './contentCache.ts';
import { serviceLog } from './log.ts';

/** The PostgreSQL NOTIFY channel every server instance LISTENs on for live events. */
export const LIVE_CHANNEL = 'evolution_live';

/**
 * Something a screen that is open somewhere should learn of without a reload: a flag's thread changed, a message
 * arrived. It reaches the signed-in connections of `userIds`, and every admin's when `admins` is true.
 */
export interface LiveEvent {
  topic: 'flag' | 'message';
  /** The flag's or the message's id. */
  id: number;
  userIds: number[];
  admins?: boolean;
  /**
   * Also every user with an id in [first, last]: one page of a channel message's delivery, thousands of members, in
   * one notification. A connected member in the range who did not get the message only refetches an unchanged inbox.
   */
  userRange?: [number, number];
}

/** NOTIFY payloads must stay under 8000 bytes: a long audience (a channel's members) goes in several notifications. */
export const IDS_PER_NOTIFICATION = 500;

/**
 * Publishes a live event through PostgreSQL NOTIFY on the caller's EntityManager: inside a transaction it is delivered
 * on commit and never for a write that rolled back, and every instance on the database hears it.
 */
export async function notifyLive(em: EntityManager, event: LiveEvent): Promise<void> {
  for (const payload of livePayloads(event)) await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db(em));
}

/** The NOTIFY payloads of one event on LIVE_CHANNEL, one notification each. */
export function livePayloads(event: LiveEvent): string[] {
  const chunks: number[][] = [];
  for (let i = 0; i < event.userIds.length; i += IDS_PER_NOTIFICATION)
    chunks.push(event.userIds.slice(i, i + IDS_PER_NOTIFICATION));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((userIds, n) => {
    // Admins and the range are told once, with the first chunk.
    const payload: LiveEvent = { topic: event.topic, id: event.id, userIds, admins: n === 0 && event.admins === true };
    if (n === 0 && event.userRange) payload.userRange = event.userRange;
    return JSON.stringify(payload);
  });
}

/** What a subscriber hears: an event, or `resync` when events may have been missed (the LISTEN connection came back). */
type LiveSignal = { kind: 'event'; event: LiveEvent } | { kind: 'resync' };

/** This server instance's side of live delivery: one LISTEN connection, fanned out to the subscriptions it serves. */
export interface LiveHub {
  /** Calls `listener` for every event heard on LIVE_CHANNEL (and for every resync); returns the unsubscribe. */
  subscribe(listener: (signal: LiveSignal) => void): () => void;
  /** How many subscriptions this instance serves now. */
  readonly size: number;
  /** Aborted when the hub closes, so open subscriptions end and the server can close. */
  readonly closed: AbortSignal;
  /** Resolves once LISTEN is in place (tests and startup wait for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** A NOTIFY payload read back as a LiveEvent, or null when it is not one (anything may NOTIFY on a channel). */
export function parseLiveEvent(payload: string | undefined): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { topic, id, userIds, admins, userRange } = value as Record<string, unknown>;
  if ((topic !== 'flag' && topic !== 'message') || !isId(id) || !Array.isArray(userIds) || !userIds.every(isId))
    return null;
  const event: LiveEvent = { topic, id, userIds, admins: admins === true };
  const [first, last] = Array.isArray(userRange) ? (userRange as unknown[]) : [];
  if (isId(first) && isId(last)) event.userRange = [first, last];
  return event;
}

/** Whether an event is for this caller: one of its users, or an admins' event and the caller is an admin. */
export const liveEventIsFor = (event: LiveEvent, userId: number, isAdmin: boolean) =>
  event.userIds.includes(userId) ||
  (event.admins === true && isAdmin) ||
  (event.userRange !== undefined && userId >= event.userRange[0] && userId <= event.userRange[1]);

/** The wait before the n-th reconnection attempt (from 0): doubling from `baseMs`, at most `maxMs`. */
export const reconnectDelay = (attempt: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));

/**
 * Starts this instance's listener: a dedicated `pg` connection LISTENs on LIVE_CHANNEL and hands each event to the
 * subscribers; a dropped connection is re-opened with backoff, and subscribers are told to resync since events sent
 * meanwhile were not heard.
 */
export function startLiveHub(
  config: Pick<AppConfig, 'databaseUrl' | 'logLevel'>,
  opts: { reconnectBaseMs?: number; reconnectMaxMs?: number; onContentChanged?: () => void } = {},
): LiveHub {
  const baseMs = opts.reconnectBaseMs ?? 250;
  const maxMs = opts.reconnectMaxMs ?? 10_000;
  const listeners = new Set<(signal: LiveSignal) => void>();
  const stop = new AbortController();
  let client: pg.Client | null = null;
  // The connection being opened (not yet LISTENing): close() ends it too, so none outlives the app.
  let opening: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let firstReady!: () => void;
  const ready = new Promise<void>((resolve) => (firstReady = resolve));
  let listening = false;

  const emit = (signal: LiveSignal) => {
    for (const listener of listeners) {
      try {
        listener(signal);
      } catch (err) {
        serviceLog(config, 'error', 'Live listener failed', { error: (err as Error).message });
      }
    }
  };

  // `attempt` counts failures since the last good connection, so the wait after a long healthy stretch starts short.
  const connect = async (attempt: number): Promise<void> => {
    timer = null;
    if (stop.signal.aborted) return;
    const conn = new pg.Client({
      connectionString: config.databaseUrl,
      application_name: 'evolution-live',
      keepAlive: true,
    });
    let dropped = false;
    let connected = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === conn) client = null;
      conn.removeAllListeners('notification');
      conn.end().catch(() => {});
      if (stop.signal.aborted) return;
      const failures = connected ? 0 : attempt;
      const delay = reconnectDelay(failures, baseMs, maxMs);
      serviceLog(config, 'warn', 'Live connection lost; reconnecting', { error: err?.message, delayMs: delay });
      timer = setTimeout(() => void connect(failures + 1), delay);
    };
    conn.on('error', drop);
    conn.on('end', () => drop());
    conn.on('notification', (msg) => {
      if (msg.channel === CONTENT_CHANNEL) return opts.onContentChanged?.();
      if (msg.channel !== LIVE_CHANNEL) return;
      const event = parseLiveEvent(msg.payload);
      if (event) emit({ kind: 'event', event });
    });
    opening = conn;
    try {
      await conn.connect();
      // Connection set-up, not a query: LISTEN takes no parameters, and the channels are this code's own constants.
      await conn.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${CONTENT_CHANNEL}`);
    } catch (err) {
      drop(err as Error);
      return;
    } finally {
      if (opening === conn) opening = null;
    }
    if (stop.signal.aborted || dropped) {
      await conn.end().catch(() => {});
      return;
    }
    client = conn;
    connected = true;
    // Content edits made while this connection was down were not heard: whatever was cached may be old.
    opts.onContentChanged?.();
    if (listening) emit({ kind: 'resync' });
    listening = true;
    firstReady();
  };
  void connect(0);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
    closed: stop.signal,
    ready: () => ready,
    async close() {
      if (stop.signal.aborted) return;
      stop.abort();
      if (timer) clearTimeout(timer);
      listeners.clear();
      const conns = [client, opening];
      client = null;
      opening = null;
      firstReady();
      await Promise.all(conns.map((conn) => conn?.end().catch(() => {})));
    },
  };
}

/** What a subscription yields to its client: an event for it, or `resync` (events may have been missed: refetch). */
export type LiveOutput = { topic: LiveEvent['topic']; id: number } | { topic: 'resync' };

/**
 * The live events of one signed-in user on this instance, until `signal` aborts or the hub closes. `resumed` (the
 * client came back with the id of the last event it had) starts with a resync, since nothing is kept to replay.
 */
export async function* liveEventsFor(
  hub: LiveHub,
  user: { id: number; role: number },
  signal: AbortSignal,
  resumed: boolean,
): AsyncGenerator<LiveOutput> {
  const done = AbortSignal.any([signal, hub.closed]);
  const isAdmin = user.role === ROLE.admin;
  const queue: LiveOutput[] = resumed ? [{ topic: 'resync' }] : [];
  let wake: (() => void) | null = null;
  const unsubscribe = hub.subscribe((s) => {
    if (s.kind === 'resync') queue.push({ topic: 'resync' });
    else if (liveEventIsFor(s.event, user.id, isAdmin)) queue.push({ topic: s.event.topic, id: s.event.id });
    else return;
    wake?.();
  });
  const onDone = () => wake?.();
  done.addEventListener('abort', onDone);
  try {
    while (!done.aborted) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    unsubscribe();
    done.removeEventListener('abort', onDone);
  }
}
