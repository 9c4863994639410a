import type { FastifyBaseLogger } from 'fastify';
import { Stripe } from 'stripe';
import type { Config } from '../../config.ts';
import type { PaymentIntentStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import {
  refundRefused,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayRefund,
  type NewIntent,
  type NewRefund,
  type PaymentGateway,
} from './payments.gateway.ts';
import { NOT_REFUNDABLE } from './payments.service.ts';

const UNAVAILABLE = 'The payment service is not available right now. Please try again in a moment.';

/** Stripe's seven intent statuses, folded into the four our table keeps. */
function toStatus(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    default:
      // requires_payment_method, requires_confirmation, requires_action: still payable.
      return 'requires_payment_method';
  }
}

/** Stripe knows no such object. */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}

function toOrderId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

export function toGatewayIntentFromStripe(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    status: toStatus(pi.status),
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: toOrderId(pi.metadata?.order_id),
    clientSecret: pi.client_secret ?? '',
    lastError: pi.last_payment_error?.message ?? null,
  };
}

export function toGatewayRefundFromStripe(refund: Stripe.Refund): GatewayRefund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled' ? refund.status : 'pending';
  return {
    id: refund.id,
    status,
    amountCents: refund.amount,
    failure: refundRefused({ status })
      ? `The refund ${status === 'failed' ? 'failed' : 'was canceled'} at Stripe (${refund.failure_reason ?? 'no reason given'}).`
      : null,
  };
}

/**
 * The Stripe gateway: PaymentIntents in USD through the official SDK, one idempotency key per
 * order attempt, webhooks verified against STRIPE_WEBHOOK_SECRET. STRIPE_API_URL points the SDK
 * at a local stand-in in tests.
 */
export function createStripeGateway(config: Config, log: FastifyBaseLogger): PaymentGateway {
  const secretKey = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret || !config.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('the stripe gateway needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Toolsify' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  /** Network trouble or an outage at Stripe is ours to report (503), never the buyer's fault. */
  const unavailable = (error: unknown, action: string): AppError => {
    log.error({ err: error }, `stripe: ${action} failed`);
    return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE);
  };

  return {
    name: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,

    async createIntent(input: NewIntent): Promise<GatewayIntent> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            allowed_payment_method_types: ['card'],
            description: input.description,
            metadata: { order_id: String(input.orderId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toGatewayIntentFromStripe(pi);
      } catch (error) {
        throw unavailable(error, 'creating a payment intent');
      }
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | null> {
      try {
        return toGatewayIntentFromStripe(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error, 'retrieving a payment intent');
      }
    },

    async cancelIntent(id: string): Promise<GatewayIntent | null> {
      try {
        return toGatewayIntentFromStripe(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isMissing(error)) return null;
        // Succeeded (or canceled) already: too late to cancel, so answer it as it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
          return this.retrieveIntent(id);
        }
        throw unavailable(error, 'cancelling a payment intent');
      }
    },

    async refundPayment(input: NewRefund): Promise<GatewayRefund> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountCents, metadata: { order_id: String(input.orderId) } },
          { idempotencyKey: input.idempotencyKey },
        );
        return toGatewayRefundFromStripe(refund);
      } catch (error) {
        if (isMissing(error)) throw new AppError('INVALID_STATE', NOT_REFUNDABLE);
        // Refunded already (a retry after Stripe's 24 hours of idempotency, or by hand in Stripe's
        // dashboard): that refund is the order's, if it gave the whole amount back.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') {
          const made = await stripe.refunds.list({ payment_intent: input.intentId, limit: 10 }).catch((e: unknown) => {
            throw unavailable(e, 'listing refunds');
          });
          const whole = made.data.map(toGatewayRefundFromStripe).find((r) => r.amountCents === input.amountCents && !refundRefused(r));
          if (whole) return whole;
          throw new AppError(
            'INVALID_STATE',
            'This payment was already refunded in part at Stripe: finish its refund in the Stripe dashboard.',
          );
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError('INVALID_STATE', NOT_REFUNDABLE);
        throw unavailable(error, 'refunding a payment');
      }
    },

    async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<GatewayEvent> {
      if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook signature does not match.');
      }
      const object = event.data.object as { object?: string };
      const intent = object.object === 'payment_intent' ? toGatewayIntentFromStripe(object as Stripe.PaymentIntent) : null;
      const refund = object.object === 'refund' ? toGatewayRefundFromStripe(object as Stripe.Refund) : null;
      return { id: event.id, type: event.type, intent, refund };
    },
  };
}
