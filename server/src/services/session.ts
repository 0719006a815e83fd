import type { EntityManager } from '@mikro-orm/postgresql';
import { CHANNEL, ROLE, type LoginResponse, type SubscriptionSummary } from '@evolution/shared';
import { Evolution, Subscription, type IUser } from '../entities/index.ts';
import type { IEvolution } from '../entities/Evolution.ts';
import type { ISubscription } from '../entities/Subscription.ts';

/** A subscription gives access while it is paid up and its period has not ended (cancel = at period end). */
export function isSubscriptionActive(sub: Pick<ISubscription, 'status' | 'currentPeriodEnd'> | null, now = new Date()): boolean {
  if (!sub) return false;
  return (sub.status === 'active' || sub.status === 'trialing') && sub.currentPeriodEnd.getTime() > now.getTime();
}

/** The channel flags a subscription grants: superhuman includes the warrior training; immortal is never open. */
export function channelAccess(channelId: number | null, active: boolean): Record<string, boolean> {
  return {
    warrior_channel: active && (channelId === CHANNEL.warrior || channelId === CHANNEL.superhuman),
    superhuman_channel: active && channelId === CHANNEL.superhuman,
    immortal_channel: false,
  };
}

/** The access map of the login response: stored per-user flags, with channel flags from the subscription (a stored false closes one). */
export function accessMap(user: Pick<IUser, 'role' | 'access'>, sub: ISubscription | null, now = new Date()): Record<string, boolean> {
  if (user.role === ROLE.admin) {
    return { evolution_page: true, warrior_channel: true, superhuman_channel: true, immortal_channel: false, ...user.access };
  }
  const channelId = sub ? (sub.channel.id as number) : null;
  const channels = channelAccess(channelId, isSubscriptionActive(sub, now));
  // A stored false switches a channel off for this member; a stored true never opens one the plan does not include.
  for (const flag of Object.keys(channels)) if (user.access[flag] === false) channels[flag] = false;
  return { evolution_page: false, ...user.access, ...channels };
}

export function subscriptionSummary(sub: ISubscription | null, now = new Date()): SubscriptionSummary {
  if (!sub) return { active: false, channel: null, plan: null, status: null, current_period_end: null, cancel_at_period_end: false };
  return {
    active: isSubscriptionActive(sub, now),
    channel: { id: sub.channel.id, name: sub.channel.name, short_name: sub.channel.shortName },
    plan: { plan_id: sub.plan.id },
    status: sub.status,
    current_period_end: sub.currentPeriodEnd.toISOString(),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
  };
}

/** Builds the login response of spec section 3 for a user (without the token). */
export async function loginResponse(em: EntityManager, user: IUser): Promise<LoginResponse> {
  const [sub, evo] = await Promise.all([
    em.findOne(Subscription, { user: user.id }, { populate: ['channel', 'plan'] }),
    user.role === ROLE.member ? em.findOne(Evolution, { user: user.id }) : Promise.resolve(null),
  ]);
  const base: LoginResponse = {
    user_role: user.role as 1 | 2,
    user_id: user.id,
    name: user.name,
    email: user.email,
    initial_setup: user.initialSetup ? 1 : 0,
    initial_setup_step: user.initialSetupStep,
    access: accessMap(user, sub),
    subscription: subscriptionSummary(sub),
  };
  if (user.role !== ROLE.member) return base;
  return { ...base, ...evolutionPosition(evo ?? (await ensureEvolution(em, user))) };
}

/** A member's place in the programme as every answer spells it (login, evolution, phase submission, export). */
export function evolutionPosition(e: IEvolution) {
  return { evolution_id: e.id, evolution: e.evolution, version: e.version, phase: e.phase, need_calibration: e.needCalibration };
}

/** The position with the work volume in use and the one waiting for the next volume phase. */
export function evolutionState(e: IEvolution) {
  return { ...evolutionPosition(e), number_of_sets: e.numberOfSets, pending_number_of_sets: e.pendingNumberOfSets ?? null };
}

/** Every member has a programme state; create it with its defaults when missing. */
export async function ensureEvolution(em: EntityManager, user: IUser): Promise<IEvolution> {
  const existing = await em.findOne(Evolution, { user: user.id });
  if (existing) return existing;
  const evo = em.create(Evolution, { user });
  await em.flush();
  return evo;
}
