import { useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import type { CardFormProps } from './card-form-props.ts';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, loaded once per key and only when this (lazy) form renders: the rest of the
 * store never downloads it (DESIGN.md decision 9). A blocked or failed load answers null.
 */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey)).catch(() => null);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

const PROCESSING =
  'Your payment is processing. The order will show as paid as soon as your bank confirms it; there is no need to pay again.';

/** Stripe Elements' card field, confirmed with the buyer's billing name and email (spec section 7). */
export default function StripeCardForm(props: CardFormProps) {
  const [stripe] = useState(() => (props.publishableKey ? loadStripeOnce(props.publishableKey) : Promise.resolve(null)));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((s) => live && setFailed(s === null));
    return () => {
      live = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <p role="alert" className="text-error">
        The card form could not load. Check your connection (or content blocker) and reload the page.
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ intent, billing, disabled, paying, payLabel, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    onPay(async () => {
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) throw new Error(result.error.message ?? 'The payment did not go through.');
      if (result.paymentIntent.status === 'processing') throw new Error(PROCESSING);
      return result.paymentIntent.id;
    });
  };

  const canPay = Boolean(stripe && elements && ready && complete) && !disabled;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="billing-name" className="text-sm font-medium">
            Name on the receipt
          </label>
          <input id="billing-name" className="input w-full bg-base-200" value={billing.name} readOnly />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="billing-email" className="text-sm font-medium">
            Email
          </label>
          <input id="billing-email" type="email" className="input w-full bg-base-200" value={billing.email} readOnly />
        </div>
      </div>

      <div className="flex flex-col gap-1">
        {/* The card field is Stripe's own iframe, whose inputs carry their own accessible names. */}
        <span id="stripe-card-label" className="text-sm font-medium">
          Card details
        </span>
        <div
          className={`input h-auto w-full py-3 ${cardError ? 'input-error' : ''}`}
          role="group"
          aria-labelledby="stripe-card-label"
          aria-describedby={cardError ? 'stripe-card-error' : undefined}
        >
          {!ready && <span className="loading loading-dots loading-sm" aria-label="Loading the card field" />}
          <div className={ready ? 'w-full' : 'hidden'}>
            <CardElement
              options={{ disabled, style: { base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#9ca3af' } } } }}
              onReady={() => setReady(true)}
              onChange={(event) => {
                setComplete(event.complete);
                setCardError(event.error?.message ?? null);
              }}
            />
          </div>
        </div>
        {cardError && (
          <p id="stripe-card-error" className="text-sm text-error" role="alert">
            {cardError}
          </p>
        )}
      </div>

      <button type="submit" className="btn btn-primary w-full" disabled={!canPay}>
        {paying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {payLabel}
      </button>
    </form>
  );
}
