import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { LIVE_CHANNEL, type LiveEvent } from '../../src/services/live.ts';
import type { AppRouter } from '../../src/trpc/router.ts';

/**
 * Every live event the database announces while the file's tests run, heard as another instance's LISTEN connection
 * would hear them. Call at the top of a test file, after useTestApp.
 */
export function useLiveEvents(ctx: { databaseUrl: string }): {
  events: LiveEvent[];
  /** Runs `heard` once, when the next notice arrives. */
  onNextNotice: (heard: () => void) => void;
} {
  const events: LiveEvent[] = [];
  let listener: pg.Client | undefined;
  beforeAll(async () => {
    listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload) events.push(JSON.parse(n.payload) as LiveEvent);
    });
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
  });
  const onNextNotice = (heard: () => void) => {
    if (!listener) throw new Error('onNextNotice before the listener connected (call it inside a test)');
    listener.once('notification', heard);
  };
  return { events, onNextNotice };
}

type Received = { id?: string; data: { topic: string; id?: number } };

/** A client of `live.events` on an instance, as the browser's is: the bearer token rides on the EventSource's fetch. */
export function subscribeLive(
  app: FastifyInstance,
  baseUrl: string,
  token: string | null,
  input?: { lastEventId: string },
) {
  const received: Received[] = [];
  const errors: unknown[] = [];
  const sizeBefore = app.live.size;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: `${baseUrl}/trpc`,
        EventSource,
        eventSourceOptions: () => ({
          fetch: (url, init) =>
            fetch(url, {
              ...init,
              headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            }),
        }),
      }),
    ],
  });
  const sub = client.live.events.subscribe(input, {
    onData: (d) => received.push(d as Received),
    onError: (e) => errors.push(e),
  });
  return {
    received,
    errors,
    topics: () => received.map((r) => r.data),
    /** Resolves once the server has registered this subscription with its listener. */
    registered: async () => {
      await expect.poll(() => app.live.size, { timeout: 20_000 }).toBeGreaterThan(sizeBefore);
    },
    stop: () => sub.unsubscribe(),
  };
}
