import { Suspense, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { messages } from '@toolsify/shared/messages';
import { formatCents } from '@toolsify/shared/money';
import type { PaymentIntentResponse } from '@toolsify/shared/payments';
import { ApiError } from '../../../lib/api-client.ts';
import { usePayOrder } from '../api/confirm-payment.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';

// Stripe Elements (and Stripe.js under it) load only when the stripe gateway is in use.
const StripeCardForm = lazyPart(() => import('./stripe-card-form.tsx'));

export interface PaymentPanelProps {
  orderId: number;
  /** The order total in cents (shown on the Pay button until the intent answers its amount). */
  totalCents: number;
  /** The order's intent; undefined while the server prepares it. */
  intent: PaymentIntentResponse | undefined;
  billing: { name: string; email: string };
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return 'Please check the card details above.';
  if (error instanceof Error && error.message) return error.message;
  return 'The payment did not go through. Please try again.';
}

/**
 * The card form with its Pay button, the gateway's error in red under it, and the success
 * message with the transaction id. Pay is disabled until the client secret (and, for Stripe,
 * the card library) is ready, while paying, and for good after success.
 */
export function PaymentPanel({ orderId, totalCents, intent, billing }: PaymentPanelProps) {
  const pay = usePayOrder(orderId);
  const paid = pay.data;
  const successRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const oneAtATime = useOneAtATime();
  // After a payment, its result takes the focus: the success, or why it did not go through.
  useEffect(() => {
    if (paid) successRef.current?.focus();
  }, [paid]);
  useEffect(() => {
    if (pay.isError) errorRef.current?.focus();
  }, [pay.isError]);
  const payLabel = `Pay ${formatCents(intent?.amountCents ?? totalCents)}`;
  const formProps = {
    billing,
    disabled: pay.isPending || Boolean(paid),
    paying: pay.isPending,
    payLabel,
    // A double click sends the form twice before Pay is drawn disabled: the second waits for nothing.
    onPay: (charge: () => Promise<string>) =>
      oneAtATime(async () => {
        pay.reset();
        // A refusal is shown from the mutation's state (pay.isError).
        await pay.mutateAsync(charge).catch(() => undefined);
      }),
    onRefused: () => pay.reset(),
  };

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="payment-card-title">
      <div className="card-body gap-4">
        <h3 id="payment-card-title" className="card-title text-xl">
          Pay by card
        </h3>

        {!intent ? (
          <div className="flex flex-col gap-4">
            <p className="flex items-center gap-2 text-base-content/70" role="status">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Preparing a secure payment…
            </p>
            <button type="button" className="btn btn-primary w-full" disabled>
              {payLabel}
            </button>
          </div>
        ) : intent.gateway === 'sandbox' ? (
          <SandboxCardForm intent={intent} publishableKey={null} {...formProps} />
        ) : (
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-base-content/70" role="status">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                Loading the card form…
              </p>
            }
          >
            <StripeCardForm intent={intent} publishableKey={intent.publishableKey} {...formProps} />
          </Suspense>
        )}

        {pay.isError && (
          <p role="alert" className="font-medium text-error" data-testid="payment-error" tabIndex={-1} ref={errorRef}>
            {errorMessage(pay.error)}
          </p>
        )}

        {paid && (
          <div
            role="status"
            className="alert alert-success alert-soft flex flex-col items-start gap-2"
            data-testid="payment-success"
            // The result takes the focus (the card form it replaces is gone): read out at once.
            tabIndex={-1}
            ref={successRef}
          >
            <p className="text-lg font-semibold">{messages.paymentSucceeded}</p>
            <p className="break-all">
              Your transaction id:{' '}
              <span className="font-mono font-semibold" data-testid="transaction-id">
                {paid.transactionId}
              </span>
            </p>
            {/* The invoice is made with the payment: its order's page has it. */}
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              <Link href={`~/dashboard/orders/${orderId}`} className="link link-primary font-medium">
                View the order and its invoice
              </Link>
              <Link href="~/dashboard/orders" className="link link-primary font-medium">
                Back to My Orders
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
