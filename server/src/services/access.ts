import type { EntityManager } from '@mikro-orm/postgresql';
import { INTRODUCTION_PAGE, ROLE, SERVER_MESSAGE } from '@evolution/shared';
import { Subscription, type IUser } from '../entities/index.ts';
import { DomainError } from '../errors.ts';
import { accessMap, channelAccess, isSubscriptionActive, type Membership, type SubscriptionFacts } from './session.ts';

/** The member's subscription: the one read with their token when given, else from the database. */
/** What the access rules read of a user: an entity, or the facts read with the token. */
type Reader = Pick<IUser, 'id' | 'role' | 'initialSetup' | 'access'>;

const subscriptionOf = async (em: EntityManager, user: Reader, known?: Membership) =>
  known ? known.subscription : em.findOne(Subscription, { user: user.id });

/**
 * The 403 of a member a channel is closed to, saying why: no active subscription, a plan without the channel, or the
 * channel switched off for them by an admin (a stored false in their access map).
 */
function channelClosed(
  sub: Pick<SubscriptionFacts, 'status' | 'currentPeriodEnd' | 'channel'> | null,
  flag: 'warrior_channel' | 'superhuman_channel',
): DomainError {
  if (!sub || !isSubscriptionActive(sub)) return new DomainError('FORBIDDEN', SERVER_MESSAGE.subscriptionRequired);
  if (!channelAccess(sub.channel.id, true)[flag]) return new DomainError('FORBIDDEN', SERVER_MESSAGE.notInPlan);
  return new DomainError('FORBIDDEN', SERVER_MESSAGE.switchedOff);
}

/** Training needs setup finished and an active warrior or superhuman subscription; otherwise 403. */
export async function assertCanTrain(em: EntityManager, user: Reader, known?: Membership): Promise<void> {
  const sub = await subscriptionOf(em, user, known);
  if (user.initialSetup) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  if (!accessMap(user, sub).warrior_channel) throw channelClosed(sub, 'warrior_channel');
}

/**
 * Programme content (phase pages, technique guides, videos) is for those who may train, and for admins; the
 * introduction pages (97, 1, 2) are open to every member, as the gateway links them before any channel.
 */
export async function assertContentAccess(
  em: EntityManager,
  user: Reader,
  pageId?: number,
  known?: Membership,
): Promise<void> {
  if (user.role === ROLE.admin) return;
  if (pageId !== undefined && (Object.values(INTRODUCTION_PAGE) as number[]).includes(pageId)) return;
  await assertCanTrain(em, user, known);
}

/**
 * Superhuman content (meal groups, meals, the elixir) needs setup finished and the superhuman_channel flag, which an
 * active superhuman subscription gives and a stored false takes away; admins may read it all.
 */
export async function assertSuperhumanAccess(em: EntityManager, user: Reader, known?: Membership): Promise<void> {
  if (user.role === ROLE.admin) return;
  const sub = await subscriptionOf(em, user, known);
  if (user.initialSetup) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  if (!accessMap(user, sub).superhuman_channel) throw channelClosed(sub, 'superhuman_channel');
}
