import type { EntityManager } from '@mikro-orm/postgresql';

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
}

/** NOTIFY payloads must stay under 8000 bytes: a long audience (a channel's members) goes in several notifications. */
const IDS_PER_NOTIFICATION = 500;

/**
 * Publishes a live event through PostgreSQL NOTIFY on the caller's EntityManager: inside a transaction it is delivered
 * on commit and never for a write that rolled back, and every instance on the database hears it.
 */
export async function notifyLive(em: EntityManager, event: LiveEvent): Promise<void> {
  const chunks: number[][] = [];
  for (let i = 0; i < event.userIds.length; i += IDS_PER_NOTIFICATION) chunks.push(event.userIds.slice(i, i + IDS_PER_NOTIFICATION));
  if (chunks.length === 0) chunks.push([]);
  for (const [n, userIds] of chunks.entries()) {
    // Admins are told once, with the first chunk.
    const payload: LiveEvent = { topic: event.topic, id: event.id, userIds, admins: n === 0 && event.admins === true };
    await em.execute('select pg_notify(?, ?)', [LIVE_CHANNEL, JSON.stringify(payload)]);
  }
}
