import { describe, expect, it } from 'vitest';
import { liveEventIsFor, parseLiveEvent, reconnectDelay } from './live.ts';

describe('parseLiveEvent', () => {
  it('reads back what notifyLive sends', () => {
    expect(parseLiveEvent('{"topic":"flag","id":3,"userIds":[1,2],"admins":true}')).toEqual({ topic: 'flag', id: 3, userIds: [1, 2], admins: true });
    expect(parseLiveEvent('{"topic":"message","id":1,"userIds":[]}')).toEqual({ topic: 'message', id: 1, userIds: [], admins: false });
  });

  it('ignores anything else sent on the channel', () => {
    for (const payload of [undefined, '', 'not json', 'null', '[]', '{"topic":"other","id":1,"userIds":[]}', '{"topic":"flag","id":0,"userIds":[]}',
      '{"topic":"flag","id":1.5,"userIds":[]}', '{"topic":"flag","id":1}', '{"topic":"flag","id":1,"userIds":["1"]}', '{"topic":"flag","id":1,"userIds":[-1]}']) {
      expect(parseLiveEvent(payload)).toBeNull();
    }
  });
});

describe('liveEventIsFor', () => {
  const event = { topic: 'flag' as const, id: 1, userIds: [5, 6], admins: false };
  it('reaches the users named, and admins only when the event says so', () => {
    expect(liveEventIsFor(event, 5, false)).toBe(true);
    expect(liveEventIsFor(event, 7, false)).toBe(false);
    expect(liveEventIsFor(event, 7, true)).toBe(false);
    expect(liveEventIsFor({ ...event, admins: true }, 7, true)).toBe(true);
    expect(liveEventIsFor({ ...event, admins: true }, 7, false)).toBe(false);
  });
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, 250, 10_000))).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000]);
    expect(reconnectDelay(1000, 250, 10_000)).toBe(10_000);
  });
});
