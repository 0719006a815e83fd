import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { IPlan } from '../../entities/Plan.ts';
import type { SubscriptionStatus } from '../../entities/Subscription.ts';
import { DomainError } from '../../errors.ts';
import { serviceLog } from '../log.ts';
import { idempotencyKey, type PaymentProvider, type ProviderSubscription } from './provider.ts';

const clients = new WeakMap<AppConfig, Stripe>();

/** Stripe's "no such object": what was to be ended or deleted is gone already. */
const isMissing = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);

/** The Stripe client for a configuration; host, port and protocol may point it at a local fake (tests). */
export function stripeClient(config: AppConfig): Stripe {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = newClient(config)));
  return client;
}

function newClient(config: AppConfig): Stripe {
  return new Stripe(config.stripeSecretKey || 'sk_unset', {
    // Retries of a POST reuse its idempotency key, so a lost answer never creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'evolution-coaching' },
    ...(config.stripeApiHost ? { host: config.stripeApiHost } : {}),
    ...(config.stripeApiPort ? { port: config.stripeApiPort } : {}),
    ...(config.stripeApiHost ? { protocol: config.stripeApiProtocol } : {}),
  });
}

/** Stripe's subscription statuses in ours: paused and expired ones give no access either. */
function stripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'incomplete':
    case 'canceled':
    case 'unpaid':
      return status as SubscriptionStatus;
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'unpaid';
  }
}

/**
 * Fields an older Stripe API version puts elsewhere. Our own calls pin the SDK's version, but a webhook endpoint sends
 * events in the version it was made with: before 2025-03-31 the period sat on the subscription and an invoice named its
 * subscription at the top.
 */
interface OlderApiFields {
  current_period_end?: number;
  subscription?: string | { id: string } | null;
}

/** The end of a subscription's current period, in seconds: on its item since 2025-03-31, on itself before. */
function periodEnd(sub: Stripe.Subscription): number | undefined {
  return sub.items?.data[0]?.current_period_end ?? (sub as OlderApiFields).current_period_end;
}

/** The subscription an invoice bills: under `parent` since 2025-03-31, at the top before. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  const ref = invoice.parent?.subscription_details?.subscription ?? (invoice as OlderApiFields).subscription;
  return typeof ref === 'string' ? ref : ref?.id;
}

/** Our view of a Stripe subscription (any API version); the period's end is null when the object has none. */
export function fromStripe(
  sub: Stripe.Subscription,
): Omit<ProviderSubscription, 'currentPeriodEnd'> & { currentPeriodEnd: Date | null; priceId: string | null } {
  const item = sub.items?.data[0];
  const end = periodEnd(sub);
  return {
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    subscriptionId: sub.id,
    status: stripeStatus(sub.status),
    currentPeriodEnd: end === undefined ? null : new Date(end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    priceId: item?.price.id ?? null,
  };
}

/** Stripe's failures as ours: card problems keep Stripe's message (shown to the member), the rest stay vague and are logged. */
function paymentError(config: AppConfig, err: unknown): never {
  if (err instanceof DomainError || !(err instanceof Stripe.errors.StripeError)) throw err;
  if (err instanceof Stripe.errors.StripeCardError)
    throw new DomainError('PAYMENT_FAILED', err.message || 'Your card was declined.');
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param?.includes('payment_method')) {
    throw new DomainError('PAYMENT_FAILED', 'This card could not be used. Please check it and try again.');
  }
  serviceLog(config, 'error', 'Stripe call failed', {
    type: err.type,
    code: err.code,
    status: err.statusCode,
    requestId: err.requestId,
    message: err.message,
  });
  throw new DomainError(
    'PAYMENT_FAILED',
    'The payment provider could not complete this request. Please try again later.',
  );
}

/** The provider over the real Stripe API (customers, payment methods, prices, subscriptions). */
export function stripeProvider(config: AppConfig): PaymentProvider {
  const stripe = stripeClient(config);

  /** A plan's Stripe price, created on first use and remembered on the plan (saved with the caller's transaction). */
  async function priceOf(plan: IPlan): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    const price = await stripe.prices.create(
      {
        currency: 'gbp',
        unit_amount: plan.amountPence,
        recurring: { interval: plan.interval, interval_count: plan.intervalCount },
        product_data: { name: plan.name },
        metadata: { plan_id: String(plan.id) },
      },
      { idempotencyKey: idempotencyKey('price', plan.id, plan.amountPence, plan.interval, plan.intervalCount) },
    );
    plan.stripePriceId = price.id;
    return price.id;
  }

  /** The answer to our own call, in the SDK's pinned API version, whose item always carries the period. */
  function answered(sub: Stripe.Subscription): ProviderSubscription {
    const { currentPeriodEnd, ...state } = fromStripe(sub);
    if (!currentPeriodEnd) throw new Error(`Stripe answered subscription ${sub.id} without its current period`);
    return { ...state, currentPeriodEnd };
  }

  /** Active by the end of the call, or it did not happen: an unpaid new subscription is ended at once. */
  async function requirePaid(sub: Stripe.Subscription): Promise<ProviderSubscription> {
    const mapped = answered(sub);
    if (mapped.status === 'active' || mapped.status === 'trialing') return mapped;
    await stripe.subscriptions.cancel(sub.id).catch(() => undefined);
    throw new DomainError('PAYMENT_FAILED', 'The payment was not completed.');
  }

  /** A Stripe call whose failure is answered as paymentError says. */
  async function atStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      paymentError(config, err);
    }
  }

  /** Ends or deletes something at Stripe: already ended, deleted or unknown to Stripe, nothing is left to do. */
  const endAtStripe = (call: () => Promise<unknown>) =>
    atStripe(() =>
      call().catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      }),
    );

  return {
    name: 'stripe',
    async subscribe({ customer, plan, paymentMethod, idempotencyKey: key }) {
      return atStripe(async () => {
        const customerId =
          customer.existingId ??
          (
            await stripe.customers.create(
              { email: customer.email, name: customer.name, metadata: { user_id: String(customer.userId) } },
              { idempotencyKey: idempotencyKey('customer', customer.userId) },
            )
          ).id;
        await stripe.paymentMethods.attach(
          paymentMethod,
          { customer: customerId },
          { idempotencyKey: idempotencyKey('attach', customerId, paymentMethod) },
        );
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: await priceOf(plan) }],
            default_payment_method: paymentMethod,
            payment_behavior: 'error_if_incomplete',
            metadata: { user_id: String(customer.userId), plan_id: String(plan.id) },
          },
          { idempotencyKey: key },
        );
        return requirePaid(sub);
      });
    },
    async changePlan(sub, plan, key) {
      return atStripe(async () => {
        const current = await stripe.subscriptions.retrieve(sub.providerSubscriptionId!);
        const item = current.items.data[0];
        const updated = await stripe.subscriptions.update(
          current.id,
          {
            items: [{ ...(item ? { id: item.id } : {}), price: await priceOf(plan) }],
            proration_behavior: 'create_prorations',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata: { plan_id: String(plan.id) },
          },
          { idempotencyKey: key },
        );
        return answered(updated);
      });
    },
    async cancelAtPeriodEnd(sub, key) {
      return atStripe(async () =>
        answered(
          await stripe.subscriptions.update(
            sub.providerSubscriptionId!,
            { cancel_at_period_end: true },
            { idempotencyKey: key },
          ),
        ),
      );
    },
    async cancelNow(subscriptionId) {
      await endAtStripe(() => stripe.subscriptions.cancel(subscriptionId));
    },
    async deleteCustomer(customerId) {
      await endAtStripe(() => stripe.customers.del(customerId));
    },
  };
}
