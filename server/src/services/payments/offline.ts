import { randomBytes } from 'node:crypto';
import { OFFLINE_TEST_CARDS } from '@evolution/shared';
import { DomainError } from '../../errors.ts';
import { periodEnd, type PaymentProvider, type ProviderSubscription } from './provider.ts';

const id = (prefix: string) => `${prefix}_offline_${randomBytes(9).toString('base64url')}`;

/**
 * The provider without network: `pm_card_visa` pays, `pm_card_chargeDeclined` is declined, anything else is refused.
 * Periods follow the plan's interval; a plan change keeps the period unless the interval changes (as Stripe does).
 */
export function offlineProvider(): PaymentProvider {
  const sameAs = (sub: Parameters<PaymentProvider['changePlan']>[0]): ProviderSubscription => ({
    customerId: sub.providerCustomerId ?? null,
    subscriptionId: sub.providerSubscriptionId ?? id('sub'),
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  });
  return {
    name: 'offline',
    async subscribe({ customer, plan, paymentMethod }) {
      if (paymentMethod === OFFLINE_TEST_CARDS.declined)
        throw new DomainError('PAYMENT_FAILED', 'Your card was declined.');
      if (paymentMethod !== OFFLINE_TEST_CARDS.visa) {
        throw new DomainError(
          'PAYMENT_FAILED',
          `This card was not accepted: without Stripe configured, use the test card ${OFFLINE_TEST_CARDS.visa}.`,
        );
      }
      return {
        customerId: customer.existingId ?? id('cus'),
        subscriptionId: id('sub'),
        status: 'active',
        currentPeriodEnd: periodEnd(new Date(), plan),
        cancelAtPeriodEnd: false,
      };
    },
    async changePlan(sub, plan) {
      const restart = sub.plan.interval !== plan.interval || sub.plan.intervalCount !== plan.intervalCount;
      return {
        ...sameAs(sub),
        currentPeriodEnd: restart ? periodEnd(new Date(), plan) : sub.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      };
    },
    async cancelAtPeriodEnd(sub) {
      return { ...sameAs(sub), cancelAtPeriodEnd: true };
    },
    async cancelNow() {},
    async deleteCustomer() {},
  };
}
