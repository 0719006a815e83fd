import { createHash } from 'node:crypto';
import type { IPlan } from '../../entities/Plan.ts';
import type { ISubscription, SubscriptionStatus } from '../../entities/Subscription.ts';

/** A subscription as the provider reports it after a call. */
export interface ProviderSubscription {
  customerId: string | null;
  subscriptionId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

interface SubscribeRequest {
  customer: { userId: number; email: string; name: string; existingId: string | null };
  plan: IPlan;
  /** The card token from the client (a payment-method id). */
  paymentMethod: string;
  /** Same for a retried submit, so the provider creates (and charges) once. */
  idempotencyKey: string;
}

/** The one interface both payment providers implement (docs/product.md §5). Failures throw DomainErrors. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'offline';
  /** Creates the customer when needed, attaches the card and starts a paid subscription. */
  subscribe(req: SubscribeRequest): Promise<ProviderSubscription>;
  /** Moves a subscription to another plan, prorating the difference; clears a pending cancellation. */
  changePlan(sub: ISubscription, plan: IPlan, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Stops renewal: access lasts until the paid period ends. */
  cancelAtPeriodEnd(sub: ISubscription, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Ends a subscription now (account deletion, or undoing one whose local record could not be saved). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Deletes the customer and the cards kept for them (account deletion); one already gone counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}

/** An idempotency key from the parts that make a request the same request (hashed: card tokens stay out of logs). */
export function idempotencyKey(purpose: string, ...parts: (string | number | null | undefined)[]): string {
  return `${purpose}-${createHash('sha256').update(parts.map(String).join('|')).digest('hex').slice(0, 48)}`;
}

/** The end of a period of `intervalCount` months or years from `start` (clamped to the month's last day, as Stripe does). */
export function periodEnd(start: Date, plan: Pick<IPlan, 'interval' | 'intervalCount'>): Date {
  const months = plan.interval === 'year' ? 12 * plan.intervalCount : plan.intervalCount;
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
