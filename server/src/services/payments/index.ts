import { SUBSCRIPTION_MESSAGE } from '@evolution/shared';
import type { AppConfig } from '../../config.ts';
import { DomainError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

export { idempotencyKey, type PaymentProvider, type ProviderSubscription } from './provider.ts';

const providers = new WeakMap<AppConfig, PaymentProvider>();

/** Which provider takes payments: Stripe with a secret key, offline in the demo or on purpose, else none. */
export function paymentProviderName(config: AppConfig): PaymentProvider['name'] | null {
  if (config.stripeSecretKey) return 'stripe';
  return config.offlinePayments ? 'offline' : null;
}

/** The payment provider, one per configuration; a 503 when payments are not configured (no free subscriptions). */
export function paymentProvider(config: AppConfig): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    const name = paymentProviderName(config);
    if (!name) throw new DomainError('UNAVAILABLE', SUBSCRIPTION_MESSAGE.notConfigured);
    provider = name === 'stripe' ? stripeProvider(config) : offlineProvider();
    providers.set(config, provider);
  }
  return provider;
}

/** What the server says at start about payments, or null when Stripe takes them. */
export function paymentStartupWarning(config: AppConfig): string | null {
  const name = paymentProviderName(config);
  if (name === 'stripe') return null;
  if (name === 'offline')
    return 'Payments run offline: subscriptions take the test cards and nothing is charged (set STRIPE_SECRET_KEY for real payments).';
  return `${SUBSCRIPTION_MESSAGE.notConfigured}: set STRIPE_SECRET_KEY (or PAYMENT_PROVIDER=offline for test payments); until then subscribing answers 503.`;
}

/** The client's card-entry settings: the provider in use (none: payments are refused) and, for Stripe, the publishable key. */
export function paymentConfig({ config }: Pick<ServiceContext, 'config'>): {
  provider: 'stripe' | 'offline' | 'none';
  publishableKey: string | null;
} {
  const name = paymentProviderName(config);
  return {
    provider: name ?? 'none',
    publishableKey: name === 'stripe' && config.stripePublishableKey ? config.stripePublishableKey : null,
  };
}
