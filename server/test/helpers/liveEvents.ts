import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { LIVE_CHANNEL, type LiveEvent } from '../../src/services/live.ts';

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
