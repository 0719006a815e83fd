import type { EntityManager } from '@mikro-orm/postgresql';
import { INTRODUCTION_PAGE, ROLE, SERVER_MESSAGE } from '@evolution/shared';
import { Subscription, type IUser } from '../entities/index.ts';
import { DomainError } from '../errors.ts';
import { accessMap } from './session.ts';

/** Training needs setup finished and an active warrior or superhuman subscription; otherwise 403. */
export async function assertCanTrain(em: EntityManager, user: IUser): Promise<void> {
  const sub = await em.findOne(Subscription, { user: user.id });
  if (user.initialSetup || !accessMap(user, sub).warrior_channel) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
}

/**
 * Programme content (phase pages, technique guides, videos) is for those who may train, and for admins; the
 * introduction pages (97, 1, 2) are open to every member, as the gateway links them before any channel.
 */
export async function assertContentAccess(em: EntityManager, user: IUser, pageId?: number): Promise<void> {
  if (user.role === ROLE.admin) return;
  if (pageId !== undefined && (Object.values(INTRODUCTION_PAGE) as number[]).includes(pageId)) return;
  await assertCanTrain(em, user);
}

/**
 * Superhuman content (meal groups, meals, the elixir) needs setup finished and the superhuman_channel flag, which an
 * active superhuman subscription gives and a stored false takes away; admins may read it all.
 */
export async function assertSuperhumanAccess(em: EntityManager, user: IUser): Promise<void> {
  if (user.role === ROLE.admin) return;
  const sub = await em.findOne(Subscription, { user: user.id });
  if (user.initialSetup || !accessMap(user, sub).superhuman_channel) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
}
