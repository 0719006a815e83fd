import { useEffect, useMemo, type RefObject } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardTokenizer } from './cardTokenizer.ts';
import './card.css';

// Styled to match the dark form fields; the element lives in Stripe's iframe, so CSS variables do not reach it.
const CARD_STYLE = {
  base: {
    color: '#f3f5f7',
    fontSize: '16px',
    fontFamily: 'Inter, system-ui, sans-serif',
    '::placeholder': { color: '#8a95a3' },
    iconColor: '#aab4c0',
  },
  invalid: { color: '#ff6b6b', iconColor: '#ff6b6b' },
};

function CardInput({ tokenizer }: { tokenizer: RefObject<CardTokenizer | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    tokenizer.current = {
      async createNonce(billing) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading.');
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billing,
        });
        if (error || !paymentMethod) throw new Error(error?.message ?? 'The card could not be read.');
        return paymentMethod.id;
      },
    };
    return () => {
      tokenizer.current = null;
    };
  }, [stripe, elements, tokenizer]);
  return (
    <div className="field">
      <span className="field__label" id="card-label">
        Card
      </span>
      <div className="field__input stripe-card" aria-labelledby="card-label">
        <CardElement options={{ hidePostalCode: true, style: CARD_STYLE }} />
      </div>
    </div>
  );
}

/** Card entry with Stripe Elements (the postal code hidden: the billing address is asked for above). */
export default function StripeCardField({
  publishableKey,
  tokenizer,
}: {
  publishableKey: string;
  tokenizer: RefObject<CardTokenizer | null>;
}) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <CardInput tokenizer={tokenizer} />
    </Elements>
  );
}
