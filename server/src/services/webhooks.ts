import type Stripe from 'stripe';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Plan, Subscription, User } from '../entities/index.ts';
import { db } from '../db/kysely.ts';
import { DomainError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { fromStripe, invoiceSubscriptionId, stripeClient } from './payments/stripe.ts';
import { isSubscriptionActive } from './session.ts';

/**
 * The subscription an event concerns: `missing` when we have no row for it, `stale` when an event newer than this
 * one was applied already; otherwise the row, stamped with this event's time.
 */
async function target(em: EntityManager, subscriptionId: string | null | undefined, eventAt: Date) {
  // Locked: two events for one subscription delivered at once are applied one after the other, so the older one,
  // waiting, then sees the newer one's time and changes nothing (unlocked, it overwrote a payment with past_due).
  const sub = subscriptionId
    ? await em.findOne(
        Subscription,
        { providerSubscriptionId: subscriptionId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      )
    : null;
  if (!sub) return { sub: null, missing: true } as const;
  if (sub.providerEventAt && sub.providerEventAt > eventAt) return { sub: null, missing: false } as const;
  sub.providerEventAt = eventAt;
  return { sub, missing: false } as const;
}

/**
 * A paid Stripe subscription we have no row for (its creation answer was lost and the member never retried): it
 * belongs to the member in its metadata, unless they hold another active subscription. The member's row is locked
 * first, so a purchase still in progress finishes before this looks.
 */
async function adopt(em: EntityManager, object: Stripe.Subscription): Promise<void> {
  const userId = Number(object.metadata?.user_id);
  const planId = Number(object.metadata?.plan_id);
  const state = fromStripe(object);
  if (
    !Number.isSafeInteger(userId) ||
    !Number.isSafeInteger(planId) ||
    (state.status !== 'active' && state.status !== 'trialing') ||
    !state.currentPeriodEnd
  )
    return;
  const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const plan = await em.findOne(Plan, { id: planId }, { populate: ['channel'] });
  if (!user || !plan) return;
  const existing = await em.findOne(Subscription, { user: userId }, { refresh: true });
  if (existing?.providerSubscriptionId === object.id || (existing && isSubscriptionActive(existing))) return;
  const values = {
    plan,
    channel: plan.channel,
    amountPence: paidPence(object) ?? plan.amountPence,
    provider: 'stripe',
    providerCustomerId: state.customerId,
    providerSubscriptionId: object.id,
    status: state.status,
    startDate: new Date(object.start_date * 1000),
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
  if (existing) Object.assign(existing, values);
  else em.create(Subscription, { user, ...values });
}

/** customer.subscription.*: the object is the whole subscription at event time; take status, period, cancellation and plan. */
async function applySubscription(em: EntityManager, object: Stripe.Subscription, eventAt: Date) {
  const { sub, missing } = await target(em, object.id, eventAt);
  if (!sub) {
    if (missing) await adopt(em, object);
    return;
  }
  const state = fromStripe(object);
  Object.assign(sub, { status: state.status, cancelAtPeriodEnd: state.cancelAtPeriodEnd });
  // An event without the period (none seen so far) leaves the one stored, never a guess.
  if (state.currentPeriodEnd) sub.currentPeriodEnd = state.currentPeriodEnd;
  const plan = state.priceId
    ? await em.findOne(Plan, { stripePriceId: state.priceId }, { populate: ['channel'] })
    : null;
  if (plan && plan.id !== sub.plan.id)
    Object.assign(sub, { plan, channel: plan.channel, amountPence: paidPence(object) ?? plan.amountPence });
}

/** What Stripe bills for a subscription, in pence (its price's unit amount), when the event carries it. */
function paidPence(object: Stripe.Subscription): number | null {
  const amount = object.items?.data[0]?.price.unit_amount;
  return typeof amount === 'number' ? amount : null;
}

/** invoice.*: a paid invoice renews the period it covers; a failed one makes the subscription past due. */
async function applyInvoice(em: EntityManager, invoice: Stripe.Invoice, type: string, eventAt: Date) {
  const { sub } = await target(em, invoiceSubscriptionId(invoice), eventAt);
  if (!sub) return;
  if (type === 'invoice.paid' || type === 'invoice.payment_succeeded') {
    const end = Math.max(0, ...invoice.lines.data.map((line) => line.period?.end ?? 0)) * 1000;
    if (sub.status !== 'canceled') sub.status = 'active';
    if (end > sub.currentPeriodEnd.getTime()) sub.currentPeriodEnd = new Date(end);
  } else if (type === 'invoice.payment_failed' && (sub.status === 'active' || sub.status === 'trialing')) {
    sub.status = 'past_due';
  }
}

/**
 * POST /api/stripe/webhook: verifies Stripe's signature over the raw body, then applies each event once
 * (its id is recorded in the same transaction; a redelivery answers `duplicate: true` and changes nothing).
 */
export async function handleStripeWebhook(
  ctx: ServiceContext,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = ctx.config.stripeWebhookSecret;
  if (!secret) throw new DomainError('NOT_FOUND', 'Stripe webhooks are not configured on this server.');
  let event: Stripe.Event;
  try {
    event = stripeClient(ctx.config).webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new DomainError('BAD_REQUEST', 'The webhook signature could not be verified.');
  }
  return ctx.em.transactional(async (em) => {
    const inserted = await db(em)
      .insertInto('payment_events')
      .values({ id: event.id, provider: 'stripe', type: event.type, received_at: new Date() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (!inserted.numInsertedOrUpdatedRows) return { received: true as const, duplicate: true };
    const eventAt = new Date(event.created * 1000);
    if (event.type.startsWith('customer.subscription.'))
      await applySubscription(em, event.data.object as Stripe.Subscription, eventAt);
    else if (event.type.startsWith('invoice.'))
      await applyInvoice(em, event.data.object as Stripe.Invoice, event.type, eventAt);
    return { received: true as const, duplicate: false };
  });
}
