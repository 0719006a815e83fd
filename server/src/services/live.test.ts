import { describe, expect, it } from 'vitest';
import { IDS_PER_NOTIFICATION, liveEventIsFor, livePayloads, parseLiveEvent, reconnectDelay } from './live.ts';

describe('parseLiveEvent', () => {
  it('reads back what notifyLive sends', () => {
    expect(parseLiveEvent('{"topic":"flag","id":3,"userIds":[1,2],"admins":true}')).toEqual({
      topic: 'flag',
      id: 3,
      userIds: [1, 2],
      admins: true,
    });
    expect(parseLiveEvent('{"topic":"message","id":1,"userIds":[]}')).toEqual({
      topic: 'message',
      id: 1,
      userIds: [],
      admins: false,
    });
  });

  it('ignores anything else sent on the channel', () => {
    for (const payload of [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      '{"topic":"other","id":1,"userIds":[]}',
      '{"topic":"flag","id":0,"userIds":[]}',
      '{"topic":"flag","id":1.5,"userIds":[]}',
      '{"topic":"flag","id":1}',
      '{"topic":"flag","id":1,"userIds":["1"]}',
      '{"topic":"flag","id":1,"userIds":[-1]}',
    ]) {
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

describe('a page of a channel message', () => {
  it('goes as one notification naming the range of its members, which reaches those in it and nobody else', () => {
    const payloads = livePayloads({ topic: 'message', id: 9, userIds: [], userRange: [1_000, 5_999] });
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.length).toBeLessThan(8_000);
    const event = parseLiveEvent(payloads[0])!;
    expect(event).toEqual({ topic: 'message', id: 9, userIds: [], admins: false, userRange: [1_000, 5_999] });
    expect([999, 1_000, 3_000, 5_999, 6_000].map((id) => liveEventIsFor(event, id, false))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(liveEventIsFor(event, 6_000, true)).toBe(false);
  });

  it('names its members one by one when they fit, in as many notifications as it takes, the range only in the first', () => {
    const ids = Array.from({ length: IDS_PER_NOTIFICATION + 1 }, (_v, i) => i + 1);
    const payloads = livePayloads({ topic: 'message', id: 9, userIds: ids, userRange: [1, 1] }).map((p) =>
      parseLiveEvent(p)!,
    );
    expect(payloads.map((e) => e.userIds.length)).toEqual([IDS_PER_NOTIFICATION, 1]);
    expect(payloads.map((e) => e.userRange)).toEqual([[1, 1], undefined]);
  });

  it('drops a range that is not two ids', () => {
    for (const range of ['[1]', '[0,5]', '["1",2]', '{"a":1}']) {
      expect(parseLiveEvent(`{"topic":"message","id":1,"userIds":[],"userRange":${range}}`)).toEqual({
        topic: 'message',
        id: 1,
        userIds: [],
        admins: false,
      });
    }
  });
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, 250, 10_000))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(reconnectDelay(1000, 250, 10_000)).toBe(10_000);
  });
});
