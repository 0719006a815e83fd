import { Suspense, useEffect, useState, type RefObject } from 'react';
import { OFFLINE_TEST_CARDS, SUBSCRIPTION_MESSAGE } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { SelectField } from '../../components/ui/Field.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { lazyScreen } from '../../router/lazyScreen.ts';
import type { CardTokenizer } from './cardTokenizer.ts';
import './card.css';

// Stripe.js is fetched only when Stripe is configured: the offline path never contacts js.stripe.com.
const StripeCardField = lazyScreen(() => import('./StripeCardField.tsx'));

/** The card part of the subscription dialog: Stripe Elements with a publishable key, otherwise the offline test cards. */
export function CardField({ tokenizer }: { tokenizer: RefObject<CardTokenizer | null> }) {
  const config = trpc.account.subscription.paymentConfig.useQuery(undefined, { staleTime: Infinity });
  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.data?.provider === 'none') return <NoPayments tokenizer={tokenizer} />;
  const key = config.data?.publishableKey;
  if (key) {
    return (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardField publishableKey={key} tokenizer={tokenizer} />
      </Suspense>
    );
  }
  return <TestCardField tokenizer={tokenizer} />;
}

/** Without Stripe, the offline provider takes the test payment-method ids: one pays, one is declined. */
function TestCardField({ tokenizer }: { tokenizer: RefObject<CardTokenizer | null> }) {
  const [card, setCard] = useState<string>(OFFLINE_TEST_CARDS.visa);
  useEffect(() => {
    tokenizer.current = { createNonce: async () => card };
    return () => {
      tokenizer.current = null;
    };
  }, [card, tokenizer]);
  return (
    <div className="test-card">
      <p className="test-card__head">
        <span className="badge badge--warning">Test mode</span>
        <span>No card is charged</span>
      </p>
      <p className="test-card__text">
        Card payments are not configured on this server, so subscriptions run in test mode. Choose a test card: the
        first pays, the second is declined the way a real bank would decline it.
      </p>
      <SelectField label="Test card" name="test_card" value={card} onChange={(e) => setCard(e.target.value)}>
        <option value={OFFLINE_TEST_CARDS.visa}>Visa that pays ({OFFLINE_TEST_CARDS.visa})</option>
        <option value={OFFLINE_TEST_CARDS.declined}>Card that is declined ({OFFLINE_TEST_CARDS.declined})</option>
      </SelectField>
    </div>
  );
}

/** A server with neither Stripe nor test payments: nothing to enter, and a submit says why it cannot go through. */
function NoPayments({ tokenizer }: { tokenizer: RefObject<CardTokenizer | null> }) {
  useEffect(() => {
    tokenizer.current = {
      createNonce: () => Promise.reject(new Error(`${SUBSCRIPTION_MESSAGE.notConfigured}.`)),
    };
    return () => {
      tokenizer.current = null;
    };
  }, [tokenizer]);
  return (
    <div className="test-card">
      <p className="test-card__text">
        Card payments are not configured on this server yet, so subscriptions cannot be taken. Please try again later.
      </p>
    </div>
  );
}
