import type { EntityManager } from '@mikro-orm/postgresql';
import { CHANNEL, ROLE, type LoginResponse, type SubscriptionSummary } from '@evolution/shared';
import { Evolution, Subscription, type IUser } from '../entities/index.ts';
import type { IEvolution } from '../entities/Evolution.ts';
import type { ISubscription } from '../entities/Subscription.ts';
import type { UserFacts } from './context.ts';

/** What the access rules and the start-up answer read of a subscription (an entity, or a row read with the token). */
export type SubscriptionFacts = Pick<ISubscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> & {
  channel: { id: number; name: string; shortName: string };
  plan: { id: number };
};

/** A member's programme position as the reads use it. */
export type EvolutionFacts = Pick<
  IEvolution,
  'id' | 'evolution' | 'version' | 'phase' | 'needCalibration' | 'numberOfSets' | 'pendingNumberOfSets'
>;

/** The signed-in user's subscription and programme state, read in the same query as their token check. */
export interface Membership {
  subscription: SubscriptionFacts | null;
  /** Null for admins and for a member whose programme row is not made yet. */
  evolution: EvolutionFacts | null;
  /** The current form on each ladder (form group id -> form id), when the call asked for it with the token check. */
  forms?: Map<number, number>;
}

/** A subscription gives access while it is paid up and its period has not ended (cancel = at period end). */
export function isSubscriptionActive(
  sub: Pick<ISubscription, 'status' | 'currentPeriodEnd'> | null,
  now = new Date(),
): boolean {
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

/** The chamber opens with the first calibration and stays open through later evolutions (docs/product.md §3). */
const calibrated = (evo: Pick<EvolutionFacts, 'evolution' | 'needCalibration'> | null | undefined): boolean =>
  !!evo && (evo.evolution > 1 || !evo.needCalibration);

/** Whether a member's chamber is open: an admin's stored flag when there is one, otherwise their calibration. */
export const chamberOpen = (
  access: Record<string, boolean | undefined>,
  evo: Pick<EvolutionFacts, 'evolution' | 'needCalibration'> | null | undefined,
): boolean => access.evolution_page ?? calibrated(evo);

/**
 * The access map of the login response. A member's stored flags are an admin's overrides: a missing one follows the
 * plan (channels from the subscription, the chamber from calibration), false closes it, and true opens it (a channel
 * only while some subscription is active: without one a member sees nothing but the upgrade screens).
 */
export function accessMap(
  user: Pick<IUser, 'role' | 'access'>,
  sub: Pick<SubscriptionFacts, 'status' | 'currentPeriodEnd' | 'channel'> | null,
  evolution?: Pick<EvolutionFacts, 'evolution' | 'needCalibration'> | null,
  now = new Date(),
): Record<string, boolean> {
  if (user.role === ROLE.admin) {
    return {
      evolution_page: true,
      warrior_channel: true,
      superhuman_channel: true,
      immortal_channel: false,
      ...user.access,
    };
  }
  const channelId = sub ? sub.channel.id : null;
  const active = isSubscriptionActive(sub, now);
  const channels = channelAccess(channelId, active);
  for (const flag of Object.keys(channels)) {
    const forced = user.access[flag];
    if (forced === false) channels[flag] = false;
    else if (forced === true && flag !== 'immortal_channel') channels[flag] = active;
  }
  const map = { evolution_page: false, ...user.access, ...channels };
  map.evolution_page = chamberOpen(user.access, evolution);
  return map;
}

function subscriptionSummary(sub: SubscriptionFacts | null, now = new Date()): SubscriptionSummary {
  if (!sub)
    return {
      active: false,
      channel: null,
      plan: null,
      status: null,
      current_period_end: null,
      cancel_at_period_end: false,
    };
  return {
    active: isSubscriptionActive(sub, now),
    channel: { id: sub.channel.id, name: sub.channel.name, short_name: sub.channel.shortName },
    plan: { plan_id: sub.plan.id },
    status: sub.status,
    current_period_end: sub.currentPeriodEnd.toISOString(),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
  };
}

/**
 * Builds the login response of spec section 3 for a user (without the token); `known` is the membership already read
 * with the token check (start-up then costs no further query).
 */
export async function loginResponse(
  em: EntityManager,
  user: IUser | UserFacts,
  known?: Membership,
): Promise<LoginResponse> {
  const [sub, evo] = known
    ? [known.subscription, known.evolution]
    : await Promise.all([
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
    access: accessMap(user, sub, evo),
    subscription: subscriptionSummary(sub),
  };
  if (user.role !== ROLE.member) return base;
  return { ...base, ...evolutionPosition(evo ?? (await ensureEvolution(em, user as IUser))) };
}

/** A member's place in the programme as every answer spells it (login, evolution, phase submission, export). */
function evolutionPosition(e: EvolutionFacts) {
  return {
    evolution_id: e.id,
    evolution: e.evolution,
    version: e.version,
    phase: e.phase,
    need_calibration: e.needCalibration,
  };
}

/** The position with the work volume in use and the one waiting for the next volume phase. */
export function evolutionState(e: EvolutionFacts) {
  return {
    ...evolutionPosition(e),
    number_of_sets: e.numberOfSets,
    pending_number_of_sets: e.pendingNumberOfSets ?? null,
  };
}

/** Every member has a programme state; create it with its defaults when missing. */
export async function ensureEvolution(em: EntityManager, user: IUser): Promise<IEvolution> {
  const existing = await em.findOne(Evolution, { user: user.id });
  if (existing) return existing;
  const evo = em.create(Evolution, { user });
  await em.flush();
  return evo;
}
