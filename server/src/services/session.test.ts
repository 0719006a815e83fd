import { describe, expect, it } from 'vitest';
import { accessMap, channelAccess, isSubscriptionActive } from './session.ts';

const now = new Date('2026-06-01T00:00:00Z');
const later = new Date('2026-07-01T00:00:00Z');
const earlier = new Date('2026-05-01T00:00:00Z');

describe('subscription access', () => {
  it('is active while paid up and inside the period, including a cancelled one until its end', () => {
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: later }, now)).toBe(true);
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: earlier }, now)).toBe(false);
    expect(isSubscriptionActive({ status: 'past_due', currentPeriodEnd: later }, now)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });
  it('opens warrior for warrior and superhuman plans, superhuman only for superhuman, immortal never', () => {
    expect(channelAccess(1, true)).toEqual({
      warrior_channel: true,
      superhuman_channel: false,
      immortal_channel: false,
    });
    expect(channelAccess(2, true)).toEqual({
      warrior_channel: true,
      superhuman_channel: true,
      immortal_channel: false,
    });
    expect(channelAccess(3, true)).toEqual({
      warrior_channel: false,
      superhuman_channel: false,
      immortal_channel: false,
    });
    expect(channelAccess(2, false)).toEqual({
      warrior_channel: false,
      superhuman_channel: false,
      immortal_channel: false,
    });
  });
  it('keeps per-user flags but never lets them override the channel flags', () => {
    const user = { role: 1, access: { evolution_page: true, micro_data: false, superhuman_channel: true } };
    expect(accessMap(user, null, now)).toEqual({
      evolution_page: true,
      micro_data: false,
      warrior_channel: false,
      superhuman_channel: false,
      immortal_channel: false,
    });
  });
});
