import { CHANNEL } from '@evolution/shared/constants';
import type { ChannelDto, PlanDto, SubscriptionSummary } from '@evolution/shared';
import { isMember } from '../../auth/places.ts';
import type { Session } from '../../auth/session.ts';

/**
 * What a plan's INITIATE does for this viewer: buy it, or nothing because it is the member's current plan, because the
 * plan (or its channel) is inactive, or because its channel is listed but cannot be bought (immortal).
 */
export type PlanState = 'available' | 'current' | 'inactive' | 'unpurchasable';

/** A subscription that still gives access (a cancelled one does until the period ends). */
export const hasActivePlan = (
  sub: SubscriptionSummary | null | undefined,
): sub is SubscriptionSummary & { active: true } => Boolean(sub?.active);

export function planState(
  plan: PlanDto,
  channel: Pick<ChannelDto, 'id' | 'active'>,
  sub: SubscriptionSummary | null,
): PlanState {
  if (channel.id === CHANNEL.immortal) return 'unpurchasable';
  if (hasActivePlan(sub) && sub.plan?.plan_id === plan.plan_id) return 'current';
  if (!plan.active || !channel.active) return 'inactive';
  return 'available';
}

/**
 * How a purchase goes for this viewer: a visitor registers and pays in one step; a member without an active plan pays;
 * a member with one changes plan (prorated, on the card already held); anyone else (an admin) cannot buy.
 */
export type PurchaseMode = 'register' | 'subscribe' | 'change' | 'none';

export function purchaseMode(session: Pick<Session, 'token' | 'user' | 'access' | 'subscription'>): PurchaseMode {
  if (!session.token || !session.user?.user_id) return 'register';
  if (!isMember(session)) return 'none';
  return hasActivePlan(session.subscription) ? 'change' : 'subscribe';
}

/** The cheapest plan that can be bought in a channel, for "from £x" lines. */
export function cheapestPlan(channel: ChannelDto): PlanDto | null {
  const open = channel.plans.filter((p) => p.active);
  return open.reduce<PlanDto | null>((best, p) => (!best || p.amount < best.amount ? p : best), null);
}
