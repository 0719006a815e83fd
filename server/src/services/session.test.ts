import { describe, expect, it } from 'vitest';
import { accessMap, channelAccess, isSubscriptionActive } from './session.ts';

const now = new Date('2026-06-01T00:00:00Z');
const later = new Date('2026-07-01T00:00:00Z');
const earlier = new Date('2026-05-01T00:00:00Z');

/** The channels part of an access map: immortal is never open. */
const channels = (warrior: boolean, superhuman: boolean) => ({
  warrior_channel: warrior,
  superhuman_channel: superhuman,
  immortal_channel: false,
});

describe('subscription access', () => {
  it('is active while paid up and inside the period, including a cancelled one until its end', () => {
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: later }, now)).toBe(true);
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: earlier }, now)).toBe(false);
    expect(isSubscriptionActive({ status: 'past_due', currentPeriodEnd: later }, now)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });
  it('opens warrior for warrior and superhuman plans, superhuman only for superhuman, immortal never', () => {
    expect(channelAccess(1, true)).toEqual(channels(true, false));
    expect(channelAccess(2, true)).toEqual(channels(true, true));
    expect(channelAccess(3, true)).toEqual(channels(false, false));
    expect(channelAccess(2, false)).toEqual(channels(false, false));
  });
  it('keeps per-user flags; a forced-on channel needs some active subscription, never immortal', () => {
    const user = { role: 1, access: { evolution_page: true, micro_data: false, superhuman_channel: true } };
    expect(accessMap(user, null, null, now)).toEqual({
      evolution_page: true,
      micro_data: false,
      ...channels(false, false),
    });
    const warrior = {
      status: 'active' as const,
      currentPeriodEnd: later,
      channel: { id: 1, name: 'W', shortName: 'w' },
    };
    const forced = { role: 1, access: { superhuman_channel: true, immortal_channel: true, warrior_channel: false } };
    expect(accessMap(forced, warrior, null, now)).toEqual({ evolution_page: false, ...channels(false, true) });
  });
  it('opens the chamber from the first calibration on, unless an admin forced it', () => {
    const member = (access: Record<string, boolean>) => ({ role: 1, access });
    const open = (access: Record<string, boolean>, evolution: number, needCalibration: boolean | null) =>
      accessMap(member(access), null, needCalibration === null ? null : { evolution, needCalibration }, now)
        .evolution_page;
    expect([open({}, 1, null), open({}, 1, true), open({}, 1, false), open({}, 2, true)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([open({ evolution_page: false }, 1, false), open({ evolution_page: true }, 1, true)]).toEqual([false, true]);
  });
});
