import { assignInvoiceNumber } from '../invoices/invoices.repository.ts';
import type { Kysely, Transaction } from 'kysely';
import { canPerform } from '@toolsify/shared/orders';
import { PAYMENT_CURRENCY, type PaymentIntentResponse, type PaymentResult } from '@toolsify/shared/payments';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { toIso, type Database, type OrderRow } from '../../db/schema.ts';
import { findOrderById, findOrderByRefundId, recordOrderEvent } from '../orders/orders.repository.ts';
import { enqueueInvoiceCopy, enqueuePaidNotice, enqueueRefundFailedNotice } from '../mail/outbox.repository.ts';
import { refundRefused, type GatewayIntent, type GatewayRefund } from './payments.gateway.ts';
import {
  cancelOpenIntentsOfOtherGateways,
  closeOtherOpenIntents,
  countIntents,
  findOpenIntent,
  insertIntent,
  insertPaymentEvent,
  markOrderPaid,
  recordSucceededIntent,
  updateIntentState,
  type PaymentIntentRow,
} from './payments.repository.ts';

/** What the payment rules use. */
export type PaymentDeps = Pick<ServiceDeps, 'db' | 'paymentGateway' | 'log' | 'config'>;

const NOT_FOUND = 'This order was not found.';
export const ALREADY_PAID = 'This order is already paid.';
const CANCELLED = 'This order was cancelled.';
const NOT_THIS_ORDER = 'This payment does not belong to this order.';
export const WRONG_AMOUNT = 'The payment amount does not match this order.';
const NOT_COMPLETED = 'The payment has not been completed yet.';
export const NO_SUCH_PAYMENT = 'No such payment.';
const PAID_MEANWHILE = 'This order has just been paid, so it can no longer be cancelled.';
const PAYMENT_PROCESSING = 'A payment for this order is being processed. Please try again in a few minutes.';

export const NOT_REFUNDABLE = 'The payment gateway has no paid payment of this order to refund.';

/**
 * Gives a paid order's whole total back to the card that paid it (decision 025), under a key of
 * the refund's request (`refund_requested_at`): asking again after a lost answer, a crash or a
 * second admin's click is the same refund, never a second. Answers the refund when the gateway
 * made or accepted it; throws PAYMENT_FAILED with the gateway's reason when it refused it, and
 * SERVICE_UNAVAILABLE when it could not be reached (made or not: the same key finds out).
 */
export async function refundOrderPayment(deps: PaymentDeps, order: OrderRow): Promise<GatewayRefund> {
  if (order.transaction_id === null || order.refund_requested_at === null) throw new AppError('INVALID_STATE', NOT_REFUNDABLE);
  const refund = await deps.paymentGateway.refundPayment({
    intentId: order.transaction_id,
    orderId: order.id,
    amountCents: amountOf(order),
    idempotencyKey: `toolsify-refund-${order.id}-${Date.parse(toIso(order.refund_requested_at))}`,
  });
  if (refundRefused(refund)) {
    deps.log.warn({ orderId: order.id, refundId: refund.id, failure: refund.failure }, 'refund refused by the gateway');
    throw new AppError('PAYMENT_FAILED', refund.failure ?? 'The payment gateway refused the refund.');
  }
  deps.log.info({ orderId: order.id, refundId: refund.id, status: refund.status }, 'order refunded');
  return refund;
}

/** The amount to charge: the order's total (its lines' unit prices times quantities, stored when placed), in cents. Never the browser's. */
export function amountOf(order: OrderRow): number {
  return Number(order.total_cents);
}

const isPaid = (order: OrderRow) => order.status === 'paid' || order.status === 'shipped';

/** The order, if `userId` bought it; anyone else learns nothing (404). */
async function buyersOrder(db: Kysely<Database>, orderId: number, userId: string): Promise<OrderRow> {
  const order = await findOrderById(db, orderId);
  if (!order || order.user_id !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
  return order;
}

/** Pay is the buyer's action on an unpaid order only (the shared order status rule). */
export function assertPayable(order: OrderRow): void {
  if (canPerform(order.status, { isBuyer: true, isAdmin: false }, 'pay')) return;
  throw new AppError('INVALID_STATE', order.status === 'cancelled' ? CANCELLED : ALREADY_PAID);
}

/**
 * THE rule for marking an order paid, applied by the buyer's confirmation, the webhook and the
 * sandbox alike: the intent succeeded, it was made for this order, and its amount and currency
 * are the order's. Returns what is wrong, or null.
 */
export function intentProblem(
  order: OrderRow,
  intent: GatewayIntent | null,
): { code: 'BAD_REQUEST' | 'PAYMENT_FAILED'; message: string } | null {
  if (!intent || intent.orderId !== order.id) return { code: 'BAD_REQUEST', message: NOT_THIS_ORDER };
  if (intent.amountCents !== amountOf(order) || intent.currency !== PAYMENT_CURRENCY) return { code: 'BAD_REQUEST', message: WRONG_AMOUNT };
  if (intent.status !== 'succeeded') return { code: 'PAYMENT_FAILED', message: intent.lastError ?? NOT_COMPLETED };
  return null;
}

type Settlement = 'paid' | 'already-paid' | 'conflict';

/**
 * Marks the order paid with a verified, succeeded intent, gives it its invoice number, and
 * writes the buyer's receipt and the store's notice to the outbox, in the caller's transaction. The
 * order update is conditional (`where status = 'unpaid'`), so whichever of the confirmation and
 * the webhook comes first wins and the other changes nothing.
 */
export async function settle(trx: Transaction<Database>, deps: PaymentDeps, orderId: number, intent: GatewayIntent): Promise<Settlement> {
  if (await markOrderPaid(trx, orderId, intent.id)) {
    // The invoice number, in the payment's transaction: gap-free (see assignInvoiceNumber).
    await assignInvoiceNumber(trx, orderId, new Date());
    await recordOrderEvent(trx, orderId, 'paid', { actor: 'buyer', actorId: null, note: intent.id });
    await enqueuePaidNotice(trx, orderId, deps.config.ORDER_NOTIFY_EMAILS);
    await enqueueInvoiceCopy(trx, orderId);
    await recordSucceededIntent(trx, deps.paymentGateway.name, { ...intent, orderId });
    await closeOtherOpenIntents(trx, orderId, intent.id);
    deps.log.info({ orderId, paymentIntentId: intent.id }, 'order paid');
    return 'paid';
  }
  const now = await findOrderById(trx, orderId);
  if (now && isPaid(now) && now.transaction_id === intent.id) return 'already-paid';
  // Money moved for an order that was paid another way or cancelled meanwhile: a person must refund it.
  deps.log.error(
    { orderId, paymentIntentId: intent.id, orderStatus: now?.status, transactionId: now?.transaction_id },
    'a payment succeeded for an order that is no longer unpaid: refund it',
  );
  return 'conflict';
}

function paymentResult(orderId: number, transactionId: string): PaymentResult {
  return { orderId, paid: true, transactionId };
}

/** The order's open intent, unless the gateway says it can no longer be paid (then it is closed here). */
async function liveOpenIntent(deps: PaymentDeps, order: OrderRow): Promise<PaymentIntentRow | undefined> {
  const open = await findOpenIntent(deps.db, order.id);
  if (!open) return undefined;
  const live = await deps.paymentGateway.retrieveIntent(open.id);
  if (live?.status === 'succeeded' && intentProblem(order, live) === null) {
    // Paid at the gateway, but neither the confirmation nor the webhook has reached us yet.
    await deps.db.transaction().execute((trx) => settle(trx, deps, order.id, live));
    throw new AppError('INVALID_STATE', ALREADY_PAID);
  }
  if (
    !live ||
    live.status === 'succeeded' ||
    live.status === 'canceled' ||
    live.status === 'failed' ||
    intentProblem(order, live)?.code === 'BAD_REQUEST'
  ) {
    await updateIntentState(deps.db, open.id, { status: 'canceled', lastError: live?.lastError ?? null });
    return undefined;
  }
  if (live.status !== open.status) await updateIntentState(deps.db, open.id, { status: live.status, lastError: live.lastError });
  return open;
}

/**
 * Before an unpaid order is cancelled: its open intent is cancelled at the gateway, so no card
 * can be charged for the order once it is cancelled. If the gateway answers that the payment
 * went through meanwhile (its confirmation and webhook not here yet), the order becomes paid
 * and cannot be cancelled; while a payment is processing, it cannot be cancelled either.
 */
export async function closeOpenPayment(deps: PaymentDeps, order: OrderRow): Promise<void> {
  const open = await findOpenIntent(deps.db, order.id);
  if (!open) return;
  const after = await deps.paymentGateway.cancelIntent(open.id);
  if (after?.status === 'succeeded' && intentProblem(order, after) === null) {
    await deps.db.transaction().execute((trx) => settle(trx, deps, order.id, after));
    throw new AppError('INVALID_STATE', PAID_MEANWHILE);
  }
  if (after?.status === 'processing') throw new AppError('INVALID_STATE', PAYMENT_PROCESSING);
  await updateIntentState(deps.db, open.id, { status: 'canceled', lastError: after?.lastError ?? null });
}

/**
 * `POST /api/orders/:id/payment-intent`: the order's open intent, or a new one for the order's
 * amount. Two pages opened at once share one intent (a unique index on open intents, and
 * Stripe's idempotency key for the same attempt).
 */
export async function createPaymentIntent(deps: PaymentDeps, input: { orderId: number; userId: string }): Promise<PaymentIntentResponse> {
  const { db, paymentGateway: gateway } = deps;
  const order = await buyersOrder(db, input.orderId, input.userId);
  assertPayable(order);
  const amountCents = amountOf(order);
  await cancelOpenIntentsOfOtherGateways(db, order.id, gateway.name);

  let intent = await liveOpenIntent(deps, order);
  if (!intent) {
    const attempt = (await countIntents(db, order.id, gateway.name)) + 1;
    const created = await gateway.createIntent({
      orderId: order.id,
      amountCents,
      currency: PAYMENT_CURRENCY,
      // Unique per order and attempt, and stable across retries of the same attempt.
      idempotencyKey: `toolsify-order-${order.id}-${Date.parse(toIso(order.created_at))}-${attempt}`,
      description: `Toolsify order #${order.id}: ${order.quantity} x ${order.tool_name}`,
    });
    await insertIntent(db, gateway.name, created);
    intent = await findOpenIntent(db, order.id);
    if (!intent) throw new AppError('CONFLICT', 'The payment could not be started. Please reload the page and try again.');
  }

  return {
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount_cents,
    currency: PAYMENT_CURRENCY,
    gateway: gateway.name,
    publishableKey: gateway.publishableKey,
    order: {
      id: order.id,
      toolName: order.tool_name,
      quantity: order.quantity,
      unitPriceCents: order.line_count > 1 ? null : order.unit_price_cents,
      totalCents: amountOf(order),
    },
  };
}

/**
 * `POST /api/orders/:id/payment/confirm`: the browser says "I paid with this intent"; the server
 * asks the gateway and marks the order paid only if the rule holds. Idempotent: confirming the
 * intent an order was already paid with answers the same result and changes nothing.
 */
export async function confirmOrderPayment(
  deps: PaymentDeps,
  input: { orderId: number; userId: string; paymentIntentId: string },
): Promise<PaymentResult> {
  const order = await buyersOrder(deps.db, input.orderId, input.userId);
  if (isPaid(order) && order.transaction_id === input.paymentIntentId) return paymentResult(order.id, input.paymentIntentId);
  assertPayable(order);

  const intent = await deps.paymentGateway.retrieveIntent(input.paymentIntentId);
  const problem = intentProblem(order, intent);
  if (!intent || problem) {
    if (problem?.message === WRONG_AMOUNT) {
      deps.log.warn({ orderId: order.id, paymentIntentId: input.paymentIntentId }, 'payment intent amount does not match its order');
    }
    if (intent && problem?.code === 'PAYMENT_FAILED') {
      await updateIntentState(deps.db, intent.id, { status: intent.status, lastError: intent.lastError });
    }
    throw new AppError(problem?.code ?? 'BAD_REQUEST', problem?.message ?? NOT_THIS_ORDER);
  }

  const outcome = await deps.db.transaction().execute((trx) => settle(trx, deps, order.id, intent));
  if (outcome === 'conflict') {
    const now = await findOrderById(deps.db, order.id);
    throw new AppError('INVALID_STATE', now?.status === 'cancelled' ? CANCELLED : ALREADY_PAID);
  }
  return paymentResult(order.id, intent.id);
}

/**
 * A refund the gateway took (pending) and then failed (`refund.failed`, or `refund.updated` to
 * failed or canceled): the order was cancelled and its stock returned with it, but the buyer
 * has not had the money back. The store's people are emailed to refund them another way; the
 * order is left as it is (its credit note stands for what the store owes).
 */
async function refundFailed(trx: Transaction<Database>, deps: PaymentDeps, refund: GatewayRefund): Promise<void> {
  const order = await findOrderByRefundId(trx, refund.id);
  deps.log.error(
    { refundId: refund.id, orderId: order?.id, failure: refund.failure },
    'a refund failed at the gateway: refund the buyer another way',
  );
  if (order) await enqueueRefundFailedNotice(trx, order.id, refund, deps.config.ORDER_NOTIFY_EMAILS);
}

/**
 * `POST /api/payments/webhook`: a signed event from the gateway. Each event id is applied once
 * (recorded in the same transaction as its effect, so a failure lets the gateway retry).
 */
export async function handleWebhook(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const event = await deps.paymentGateway.parseWebhook(rawBody, signature);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await insertPaymentEvent(trx, event.id, event.type))) {
      deps.log.info({ eventId: event.id }, 'webhook event already applied');
      return;
    }
    if (event.refund && refundRefused(event.refund)) {
      await refundFailed(trx, deps, event.refund);
      return;
    }
    const intent = event.intent;
    if (!intent) return;
    if (event.type === 'payment_intent.succeeded') {
      const order = intent.orderId === null ? undefined : await findOrderById(trx, intent.orderId);
      const problem = order ? intentProblem(order, intent) : { message: NOT_THIS_ORDER };
      if (!order || problem) {
        deps.log.warn({ eventId: event.id, paymentIntentId: intent.id, problem: problem?.message }, 'webhook payment not applied');
        return;
      }
      await settle(trx, deps, order.id, intent);
    } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
      await updateIntentState(trx, intent.id, { status: intent.status, lastError: intent.lastError });
    }
  });
}
