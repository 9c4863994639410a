import type { PaymentGatewayName } from '@toolsify/shared/payments';
import type { PaymentIntentStatus } from '../../db/schema.ts';

/** A payment intent as the gateway reports it: the only source the server trusts. */
export interface GatewayIntent {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (Stripe: metadata.order_id), or null if it names none. */
  orderId: number | null;
  clientSecret: string;
  /** The gateway's message for the last failed attempt (e.g. "Your card was declined."). */
  lastError: string | null;
}

export interface NewIntent {
  orderId: number;
  amountCents: number;
  currency: string;
  /** The same key gives the same intent (Stripe's Idempotency-Key): a retry never makes a second. */
  idempotencyKey: string;
  description: string;
}

/** A refund of a succeeded intent, as the store asks for it. */
export interface NewRefund {
  intentId: string;
  orderId: number;
  amountCents: number;
  /** The same key gives the same refund (Stripe's Idempotency-Key): a retry never refunds twice. */
  idempotencyKey: string;
}

/**
 * A refund as the gateway reports it. `pending`: accepted, the money on its way back (Stripe's
 * `pending` and `requires_action`); `failed` and `canceled`: refused, nothing goes back.
 */
export interface GatewayRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  amountCents: number;
  /** Why it was refused, in the gateway's words (null unless failed or canceled). */
  failure: string | null;
}

/** Whether the gateway refused the refund (failed or canceled): nothing went back. */
export const refundRefused = (refund: Pick<GatewayRefund, 'status'>): boolean => refund.status === 'failed' || refund.status === 'canceled';

/** A webhook whose signature has been verified. */
export interface GatewayEvent {
  id: string;
  type: string;
  /** The intent the event is about, for payment_intent.* events. */
  intent: GatewayIntent | null;
  /** The refund the event is about, for refund.* events. */
  refund: GatewayRefund | null;
}

/**
 * What the payments service needs from a card gateway. Two implementations, chosen by
 * configuration in payments.plugin.ts: payments.sandbox-gateway.ts (default) and
 * payments.stripe-gateway.ts. This file holds the contract only.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Stripe's publishable key for the browser; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: NewIntent): Promise<GatewayIntent>;
  /** The intent with this id, or null when the gateway knows no such intent. */
  retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /**
   * Cancels the intent so no card can be charged with it any more. Answers the intent as it is
   * afterwards: canceled, or as it was when it was too late (succeeded, processing); null when
   * the gateway knows no such intent.
   */
  cancelIntent(id: string): Promise<GatewayIntent | null>;
  /**
   * Gives `amountCents` of a succeeded intent back to the card it paid with. Asking again with
   * the same idempotency key answers the same refund. Throws AppError('INVALID_STATE') when the
   * intent is unknown or was not paid, AppError('SERVICE_UNAVAILABLE') when the gateway cannot
   * be reached (the refund may or may not have been made: ask again with the same key).
   */
  refundPayment(input: NewRefund): Promise<GatewayRefund>;
  /** Verifies the signature over the raw body; throws AppError('BAD_REQUEST') when it does not hold. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<GatewayEvent>;
}
