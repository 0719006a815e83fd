import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGE } from '@evolution/shared';
import { loadConfig, testConfig } from '../../config.ts';
import { DomainError } from '../../errors.ts';
import { paymentConfig, paymentProvider, paymentProviderName, paymentStartupWarning } from './index.ts';

describe('the client payment config', () => {
  it('is offline with no key when Stripe is not configured', () =>
    expect(paymentConfig({ config: testConfig({ stripeSecretKey: '', stripePublishableKey: '' }) })).toEqual({
      provider: 'offline',
      publishableKey: null,
    }));
  it("gives Stripe's publishable key, never the secret", () => {
    const answer = paymentConfig({
      config: testConfig({ stripeSecretKey: 'sk_test_secret', stripePublishableKey: 'pk_test_public' }),
    });
    expect(answer).toEqual({ provider: 'stripe', publishableKey: 'pk_test_public' });
    expect(JSON.stringify(answer)).not.toContain('sk_test');
  });
  it('offers no publishable key while the server itself takes offline payments', () =>
    expect(
      paymentConfig({ config: testConfig({ stripeSecretKey: '', stripePublishableKey: 'pk_test_public' }) })
        .publishableKey,
    ).toBeNull());
  it('says none, with no key, when payments are not configured', () =>
    expect(
      paymentConfig({ config: testConfig({ offlinePayments: false, stripePublishableKey: 'pk_test_public' }) }),
    ).toEqual({ provider: 'none', publishableKey: null }));
});

describe('which provider takes payments', () => {
  // A fixed secret and VAPID pair: loadConfig then writes no key file into the data folder.
  const { vapid } = testConfig();
  const load = (env: Record<string, string>) =>
    loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...env,
    });
  const db = { DATABASE_URL: 'postgres://db.example/evolution' };

  it('is offline in the embedded demo (no DATABASE_URL) without a Stripe key', () =>
    expect(paymentProviderName(load({}))).toBe('offline'));
  it('is none with a DATABASE_URL and no Stripe key, unless PAYMENT_PROVIDER=offline says so on purpose', () => {
    expect(paymentProviderName(load(db))).toBeNull();
    expect(paymentProviderName(load({ ...db, PAYMENT_PROVIDER: 'stripe' }))).toBeNull();
    expect(paymentProviderName(load({ ...db, PAYMENT_PROVIDER: 'offline' }))).toBe('offline');
  });
  it('is none with PAYMENT_PROVIDER=stripe and no key, even in the embedded demo', () =>
    expect(paymentProviderName(load({ PAYMENT_PROVIDER: 'stripe' }))).toBeNull());
  it('is Stripe whenever a secret key is set, whatever PAYMENT_PROVIDER says', () => {
    expect(paymentProviderName(load({ ...db, STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('stripe');
    expect(paymentProviderName(load({ ...db, STRIPE_SECRET_KEY: 'sk_test_x', PAYMENT_PROVIDER: 'offline' }))).toBe(
      'stripe',
    );
  });
  it('stops the start on an unknown PAYMENT_PROVIDER', () =>
    expect(() => load({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be stripe or offline'));

  it('answers 503 "Payments are not configured" for every call that needs a provider', () => {
    const config = load(db);
    const refused = (() => {
      try {
        paymentProvider(config);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 503, message: SUBSCRIPTION_MESSAGE.notConfigured });
    expect(SUBSCRIPTION_MESSAGE.notConfigured).toBe('Payments are not configured');
  });
  it('hands out the offline provider in the demo and Stripe with a key', () => {
    expect(paymentProvider(load({})).name).toBe('offline');
    expect(paymentProvider(load({ ...db, STRIPE_SECRET_KEY: 'sk_test_x' })).name).toBe('stripe');
  });

  it('warns at start unless Stripe takes the payments', () => {
    expect(paymentStartupWarning(load(db))).toMatch(/^Payments are not configured: set STRIPE_SECRET_KEY/);
    expect(paymentStartupWarning(load({ ...db, PAYMENT_PROVIDER: 'offline' }))).toMatch(/^Payments run offline/);
    expect(paymentStartupWarning(load({ ...db, STRIPE_SECRET_KEY: 'sk_test_x' }))).toBeNull();
  });
});
