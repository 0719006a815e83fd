import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CHANNEL,
  SUBSCRIPTION_MESSAGE,
  billingAddressOf,
  changePlanInput,
  registerSubscriptionInput,
  type SubscribeInput,
  type LoginResponse,
  type SubscriptionView,
} from '@evolution/shared';
import { ContactDetails, Evolution, Plan, Subscription, User, type IUser } from '../entities/index.ts';
import type { IPlan } from '../entities/Plan.ts';
import type { ISubscription } from '../entities/Subscription.ts';
import { DomainError, validationError } from '../errors.ts';
import { createMember, normaliseEmail, registering, signedIn } from './auth.ts';
import { planDto } from './channels.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { refuseCommonPassword } from './commonPasswords.ts';
import { hashPassword } from './passwords.ts';
import {
  idempotencyKey,
  paymentProvider,
  paymentProviderName,
  type PaymentProvider,
  type ProviderSubscription,
} from './payments/index.ts';
import { isSubscriptionActive, loginResponse } from './session.ts';

type SubscribeForm = SubscribeInput;

/** A plan that can be bought in this channel, loaded by the transaction's EntityManager; otherwise a 422 on plan_id. */
async function purchasablePlan(em: EntityManager, planId: number, channelId?: number): Promise<IPlan> {
  const plan = await em.findOne(Plan, { id: planId }, { populate: ['channel'] });
  if (!plan) throw validationError('plan_id', 'The selected plan id is invalid.');
  if (channelId !== undefined && plan.channel.id !== channelId)
    throw validationError('plan_id', 'The selected plan does not belong to this channel.');
  if (plan.channel.id === CHANNEL.immortal)
    throw validationError('plan_id', 'The Immortal channel is listed but cannot be bought.');
  if (!plan.active || !plan.channel.active) throw validationError('plan_id', 'This plan is not available.');
  return plan;
}

/** The member's row, locked until the transaction ends: one subscription change at a time per member. */
const lockedUser = (em: EntityManager, id: number) =>
  em.findOneOrFail(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });

const findSubscription = (em: EntityManager, userId: number) =>
  em.findOne(Subscription, { user: userId }, { populate: ['plan', 'channel'] });

function applyProvider(sub: ISubscription, result: ProviderSubscription) {
  sub.status = result.status;
  sub.currentPeriodEnd = result.currentPeriodEnd;
  sub.cancelAtPeriodEnd = result.cancelAtPeriodEnd;
  sub.providerCustomerId = result.customerId;
  sub.providerSubscriptionId = result.subscriptionId;
}

/**
 * Buys a plan for a user inside the caller's transaction. A repeated submit for the plan already held is answered
 * as the first; another plan while one is active is a conflict (change the plan instead).
 * `created` learns of a provider subscription so the caller can undo it if the transaction then fails.
 */
async function buyPlan(
  em: EntityManager,
  provider: PaymentProvider,
  user: IUser,
  plan: IPlan,
  nonce: string,
  created: ProviderSubscription[],
): Promise<void> {
  const existing = await findSubscription(em, user.id);
  if (existing && isSubscriptionActive(existing)) {
    if (existing.plan.id === plan.id) return;
    throw new DomainError('CONFLICT', 'You already have an active subscription: change your plan instead.');
  }
  const result = await provider.subscribe({
    customer: {
      userId: user.id,
      email: user.email,
      name: user.name,
      existingId: existing?.provider === provider.name ? (existing.providerCustomerId ?? null) : null,
    },
    plan,
    paymentMethod: nonce,
    // The same card token for the same plan in the same state is the same purchase: a retry never charges twice.
    idempotencyKey: idempotencyKey('subscribe', user.id, plan.id, nonce, existing?.providerSubscriptionId ?? 'first'),
  });
  created.push(result);
  const previous =
    existing?.provider === provider.name && existing.status !== 'canceled' ? existing.providerSubscriptionId : null;
  const now = new Date();
  if (existing) {
    Object.assign(existing, {
      plan,
      channel: plan.channel,
      amountPence: plan.amountPence,
      provider: provider.name,
      startDate: now,
      providerEventAt: null,
    });
    applyProvider(existing, result);
  } else {
    em.create(Subscription, {
      user,
      plan,
      channel: plan.channel,
      amountPence: plan.amountPence,
      provider: provider.name,
      startDate: now,
      status: result.status,
      currentPeriodEnd: result.currentPeriodEnd,
      cancelAtPeriodEnd: result.cancelAtPeriodEnd,
      providerCustomerId: result.customerId,
      providerSubscriptionId: result.subscriptionId,
    });
  }
  await em.flush();
  // A lapsed (unpaid, past due) subscription must not keep billing next to the new one; failing that, the new one stands.
  if (previous && previous !== result.subscriptionId) await provider.cancelNow(previous).catch(() => undefined);
}

/** Runs a purchase in one transaction; a provider subscription made by a transaction that then failed is ended. */
async function purchase<T>(
  ctx: ServiceContext,
  work: (em: EntityManager, provider: PaymentProvider, created: ProviderSubscription[]) => Promise<T>,
): Promise<T> {
  const provider = paymentProvider(ctx.config);
  const created: ProviderSubscription[] = [];
  try {
    return await ctx.em.transactional((em) => work(em, provider, created));
  } catch (err) {
    for (const c of created) await provider.cancelNow(c.subscriptionId).catch(() => undefined);
    if (err instanceof DomainError && err.code === 'PAYMENT_FAILED') {
      throw new DomainError('PAYMENT_FAILED', `${SUBSCRIPTION_MESSAGE.registrationFailed}: ${err.message}`);
    }
    throw err;
  }
}

/** The address and telephone as a form sends them (contact details, or the billing address of a subscription). */
export const postalAddress = (input: {
  address_line1: string;
  address_line2?: string | null | undefined;
  city: string;
  county: string;
  postcode: string;
  country: string;
  telephone: string;
}) => ({
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  county: input.county,
  postcode: input.postcode,
  country: input.country,
  telephone: input.telephone,
});

/** The subscription screen: channel, start date, programme position, plan, period end and cancellation. */
export async function subscriptionView(ctx: SignedInContext): Promise<SubscriptionView> {
  const userId = ctx.actor.me.id;
  const [sub, evo] = await Promise.all([findSubscription(ctx.em, userId), ctx.em.findOne(Evolution, { user: userId })]);
  return {
    channel_id: sub?.channel.id ?? null,
    channel_name: sub?.channel.name ?? null,
    start_date: sub?.startDate.toISOString() ?? null,
    evolution: evo?.evolution ?? null,
    version: evo?.version ?? null,
    phase: evo?.phase ?? null,
    // The plan as this member holds it: the price they pay, which a later change of the plan's price leaves alone.
    plan: sub
      ? { ...planDto(sub.plan, sub.channel.id), amount: sub.amountPence / 100, amount_pence: sub.amountPence }
      : null,
    status: sub?.status ?? null,
    active: isSubscriptionActive(sub),
    provider: sub?.provider ?? null,
    current_period_end: sub?.currentPeriodEnd.toISOString() ?? null,
    cancel_at_period_end: sub?.cancelAtPeriodEnd ?? false,
  };
}

/**
 * Registers a member and buys their plan in one transaction (or, when signed in, only buys): a decline creates nothing.
 * The door reads the form by the caller (registerSubscriptionForm) and has spent a newcomer's registration first.
 */
export async function registerAndSubscribe(
  ctx: ServiceContext,
  input: z.output<typeof registerSubscriptionInput> | SubscribeForm,
): Promise<LoginResponse> {
  if (ctx.actor) {
    const signedIn = ctx as SignedInContext;
    await buy(signedIn, input);
    return loginResponse(ctx.em, signedIn.actor.user);
  }
  if (!('email' in input)) throw new Error('A newcomer reached register/subscription without the registration form');
  // Unconfigured payments answer 503 before a password is hashed.
  paymentProvider(ctx.config);
  await purchasablePlan(ctx.em, input.plan_id, input.channel_id);
  refuseCommonPassword(input.password);
  const email = normaliseEmail(input.email);
  const password = await hashPassword(ctx.config, input.password);
  return registering(async () => {
    const user = await purchase(ctx, async (em, provider, created) => {
      const u = await createMember(em, { email, name: input.name, password });
      const plan = await purchasablePlan(em, input.plan_id, input.channel_id);
      em.create(ContactDetails, {
        user: u,
        firstName: input.first_name,
        lastName: input.last_name,
        ...postalAddress(input),
      });
      // The unique email decides a race here, before anything is charged.
      await em.flush();
      await buyPlan(em, provider, u, plan, input.nonce, created);
      return u;
    });
    return signedIn(ctx, user, false);
  });
}

/** The billing address given with a purchase becomes the member's contact address; their social links stay. */
async function saveBillingAddress(em: EntityManager, user: IUser, input: SubscribeForm): Promise<void> {
  const address = billingAddressOf(input);
  if (!address) return;
  const contact = await em.findOne(ContactDetails, { user: user.id });
  if (contact) Object.assign(contact, postalAddress(address));
  else em.create(ContactDetails, { user, ...postalAddress(address) });
}

/** A signed-in member buys a plan (first time, or again after a lapse), with the address they gave, in one transaction. */
async function buy(ctx: SignedInContext, input: SubscribeForm): Promise<void> {
  await purchase(ctx, async (em, provider, created) => {
    const user = await lockedUser(em, ctx.actor.me.id);
    const plan = await purchasablePlan(em, input.plan_id, input.channel_id);
    await saveBillingAddress(em, user, input);
    await buyPlan(em, provider, user, plan, input.nonce, created);
  });
}

/** POST user/subscription: buys a plan and answers the subscription screen's view. */
export async function subscribe(ctx: SignedInContext, input: SubscribeForm): Promise<SubscriptionView> {
  await buy(ctx, input);
  return subscriptionView(ctx);
}

/** The active subscription in the transaction, locked with its member; a conflict when there is none. */
async function activeSubscription(em: EntityManager, userId: number, doing: string): Promise<ISubscription> {
  await lockedUser(em, userId);
  const sub = await em.findOne(Subscription, { user: userId }, { populate: ['plan', 'channel'], refresh: true });
  if (!sub || !isSubscriptionActive(sub))
    throw new DomainError('CONFLICT', `You have no active subscription to ${doing}.`);
  return sub;
}

/** Moves the active subscription to another plan with proration; the same plan again resumes a pending cancellation. */
export async function changePlan(
  ctx: SignedInContext,
  input: z.output<typeof changePlanInput>,
): Promise<SubscriptionView> {
  const provider = paymentProvider(ctx.config);
  await ctx.em.transactional(async (em) => {
    const sub = await activeSubscription(em, ctx.actor.me.id, 'change');
    const plan = await purchasablePlan(em, input.id);
    if (sub.plan.id === plan.id && !sub.cancelAtPeriodEnd) return; // a repeated change: nothing left to do
    if (sub.provider !== provider.name)
      throw new DomainError('CONFLICT', 'This subscription is billed elsewhere: cancel it and subscribe again.');
    const key = idempotencyKey('change', sub.providerSubscriptionId, sub.plan.id, plan.id, sub.updatedAt.getTime());
    const result = await provider.changePlan(sub, plan, key);
    Object.assign(sub, { plan, channel: plan.channel, amountPence: plan.amountPence });
    applyProvider(sub, result);
  });
  return subscriptionView(ctx);
}

/** Cancels at period end: access lasts until then; cancelling again changes nothing. */
export async function cancelSubscription(ctx: SignedInContext): Promise<SubscriptionView> {
  const provider = paymentProvider(ctx.config);
  await ctx.em.transactional(async (em) => {
    const sub = await activeSubscription(em, ctx.actor.me.id, 'cancel');
    if (sub.cancelAtPeriodEnd) return;
    if (sub.provider !== provider.name)
      throw new DomainError('CONFLICT', 'This subscription is billed elsewhere and cannot be cancelled here.');
    applyProvider(
      sub,
      await provider.cancelAtPeriodEnd(
        sub,
        idempotencyKey('cancel', sub.providerSubscriptionId, sub.updatedAt.getTime()),
      ),
    );
  });
  return subscriptionView(ctx);
}

/** Ends a member's subscription with the provider at once and deletes them as its customer (account deletion). */
export async function endSubscriptionNow(ctx: ServiceContext, userId: number): Promise<void> {
  const sub = await ctx.em.findOne(Subscription, { user: userId });
  if (!sub) return;
  // Only the provider in use can end its own subscriptions. A card Stripe still bills is never left running behind a
  // deleted account: while Stripe is not configured the account stays (503); another provider's record just goes.
  if (sub.provider !== paymentProviderName(ctx.config)) {
    if (sub.provider === 'stripe' && sub.status !== 'canceled')
      throw new DomainError('UNAVAILABLE', SUBSCRIPTION_MESSAGE.notConfigured);
    return;
  }
  const provider = paymentProvider(ctx.config);
  if (sub.providerSubscriptionId && sub.status !== 'canceled') await provider.cancelNow(sub.providerSubscriptionId);
  // The provider keeps no customer, and no card, for an account that no longer exists.
  if (sub.providerCustomerId) await provider.deleteCustomer(sub.providerCustomerId);
}
