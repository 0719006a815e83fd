import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { paymentConfig } from './index.ts';

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
});
