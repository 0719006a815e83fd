import { describe, expect, it } from 'vitest';
import type { ChannelDto, PlanDto, SubscriptionSummary } from '@evolution/shared';
import { EMPTY_SESSION } from '../../auth/session.ts';
import { cheapestPlan, planState, purchaseMode } from './plans.ts';

const plan = (plan_id: number, over: Partial<PlanDto> = {}): PlanDto => ({
  plan_id,
  channel_id: 1,
  name: `Plan ${plan_id}`,
  amount: 29.99,
  amount_pence: 2999,
  currency: 'gbp',
  duration: '1 month',
  active: true,
  ...over,
});
const warrior = { id: 1, active: true };
const sub = (plan_id: number, active = true): SubscriptionSummary => ({
  active,
  channel: { id: 1, name: 'Warrior', short_name: 'warrior' },
  plan: { plan_id },
  status: active ? 'active' : 'canceled',
  current_period_end: null,
  cancel_at_period_end: false,
});
const member = {
  token: 't',
  user: {
    user_id: 5,
    user_role: 1 as const,
    name: 'A',
    email: 'a@x',
    initial_setup: 0 as const,
    initial_setup_step: 3,
  },
  access: {},
  evolution: null,
};

describe('plan states on the subscribe pages', () => {
  it('the current plan is marked current, another is available', () => {
    expect(planState(plan(1), warrior, sub(1))).toBe('current');
    expect(planState(plan(2), warrior, sub(1))).toBe('available');
  });
  it('a lapsed subscription marks nothing current', () =>
    expect(planState(plan(1), warrior, sub(1, false))).toBe('available'));
  it('an inactive plan or channel is disabled', () => {
    expect(planState(plan(2, { active: false }), warrior, null)).toBe('inactive');
    expect(planState(plan(2), { id: 2, active: false }, null)).toBe('inactive');
  });
  it('immortal is listed but cannot be bought', () =>
    expect(planState(plan(5), { id: 3, active: true }, null)).toBe('unpurchasable'));
});

describe('purchase mode', () => {
  it('a visitor registers', () => expect(purchaseMode(EMPTY_SESSION)).toBe('register'));
  it('a member without an active plan subscribes', () =>
    expect(purchaseMode({ ...member, subscription: sub(1, false) })).toBe('subscribe'));
  it('a member with one changes plan', () => expect(purchaseMode({ ...member, subscription: sub(1) })).toBe('change'));
  it('an admin cannot buy', () =>
    expect(purchaseMode({ ...member, user: { ...member.user, user_role: 2 }, subscription: null })).toBe('none'));
});

it('cheapestPlan ignores inactive plans', () => {
  const channel: ChannelDto = {
    id: 1,
    short_name: 'warrior',
    active: true,
    name: 'Warrior',
    updated_at: '',
    plans: [plan(1, { amount: 5, active: false }), plan(2, { amount: 30 }), plan(3, { amount: 20 })],
  };
  expect(cheapestPlan(channel)?.plan_id).toBe(3);
});
