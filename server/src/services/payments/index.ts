import type { AppConfig } from '../../config.ts';
import type { ServiceContext } from '../context.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

export { idempotencyKey, type PaymentProvider, type ProviderSubscription } from './provider.ts';

const providers = new WeakMap<AppConfig, PaymentProvider>();

/** Stripe when a secret key is configured, otherwise the offline provider; one per configuration. */
export function paymentProvider(config: AppConfig): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = config.stripeSecretKey ? stripeProvider(config) : offlineProvider();
    providers.set(config, provider);
  }
  return provider;
}

/** The client's card-entry settings: the provider in use and, for Stripe, the publishable key (never a secret). */
export function paymentConfig({ config }: Pick<ServiceContext, 'config'>): {
  provider: 'stripe' | 'offline';
  publishableKey: string | null;
} {
  return {
    provider: config.stripeSecretKey ? 'stripe' : 'offline',
    publishableKey: config.stripeSecretKey && config.stripePublishableKey ? config.stripePublishableKey : null,
  };
}
