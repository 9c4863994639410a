import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ALREADY_SUCCEEDED,
  SANDBOX_OTHER_SUCCEEDING_CARDS,
  SANDBOX_TEST_CARDS,
  cardMessages,
  type SandboxConfirmResult,
} from '@toolsify/shared/payments';
import { AppError } from '../../lib/errors.ts';
import type { Database } from '../../db/schema.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import type { GatewayIntent, GatewayRefund, NewIntent, NewRefund, PaymentGateway } from './payments.gateway.ts';
import { claimOpenIntent, findIntentById, toGatewayIntent, updateIntentState } from './payments.repository.ts';
import {
  ALREADY_PAID,
  NOT_REFUNDABLE,
  NO_SUCH_PAYMENT,
  WRONG_AMOUNT,
  amountOf,
  assertPayable,
  settle,
  type PaymentDeps,
} from './payments.service.ts';

export const SANDBOX_ID_PREFIX = 'pi_sandbox_';

/**
 * The default gateway: no money moves. Its intents live in our own payment_intent table (the
 * payments service records a new one there, as it does Stripe's) and its "card network" is
 * Stripe's public test numbers (see `sandboxCardOutcome` and `confirmSandboxPayment`).
 */
export function createSandboxGateway(db: Kysely<Database>): PaymentGateway {
  return {
    name: 'sandbox',
    publishableKey: null,

    async createIntent(input: NewIntent): Promise<GatewayIntent> {
      const id = `${SANDBOX_ID_PREFIX}${randomBytes(12).toString('hex')}`;
      const intent: GatewayIntent = {
        id,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        currency: input.currency,
        orderId: input.orderId,
        clientSecret: `${id}_secret_${randomBytes(24).toString('base64url')}`,
        lastError: null,
      };
      return intent;
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | null> {
      if (!id.startsWith(SANDBOX_ID_PREFIX)) return null;
      const row = await findIntentById(db, id);
      return row && row.gateway === 'sandbox' ? toGatewayIntent(row) : null;
    },

    async cancelIntent(id: string): Promise<GatewayIntent | null> {
      if (!(await this.retrieveIntent(id))) return null;
      // Never turns a succeeded intent back: the conditional update leaves it as it is.
      await updateIntentState(db, id, { status: 'canceled', lastError: null });
      return this.retrieveIntent(id);
    },

    async refundPayment(input: NewRefund): Promise<GatewayRefund> {
      const intent = await this.retrieveIntent(input.intentId);
      if (!intent || intent.status !== 'succeeded' || intent.orderId !== input.orderId || input.amountCents > intent.amountCents) {
        throw new AppError('INVALID_STATE', NOT_REFUNDABLE);
      }
      // No money moved, so none goes back: the refund's id comes from its key, so asking again is the same refund.
      const id = `re_sandbox_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { id, status: 'succeeded', amountCents: input.amountCents, failure: null };
    },

    async parseWebhook(): Promise<never> {
      // No secret, so no signature can hold: every "webhook" is refused, and changes nothing.
      throw new AppError('BAD_REQUEST', 'This store uses the sandbox gateway, which sends no webhooks.');
    },
  };
}

export type SandboxOutcome = { ok: true } | { ok: false; message: string };

/**
 * What the sandbox's pretend card network answers for a number that already passed the Luhn,
 * expiry and CVC checks: Stripe's public test numbers, and for anything else what Stripe's test
 * mode answers a real card (declined: not a test card).
 */
export function sandboxCardOutcome(digits: string): SandboxOutcome {
  switch (digits) {
    case SANDBOX_TEST_CARDS.succeeds:
      return { ok: true };
    case SANDBOX_TEST_CARDS.declined:
      return { ok: false, message: cardMessages.declined };
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return { ok: false, message: cardMessages.insufficientFunds };
    default:
      return SANDBOX_OTHER_SUCCEEDING_CARDS.has(digits) ? { ok: true } : { ok: false, message: cardMessages.notATestCard };
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `POST /api/payments/sandbox/confirm`: the sandbox's card network. The card was already
 * checked for Luhn, expiry and CVC by the shared schema; the number decides the outcome.
 * The card number lives only in this call: it is never stored or logged.
 */
export async function confirmSandboxPayment(
  deps: PaymentDeps,
  input: { userId: string; paymentIntentId: string; clientSecret: string; cardNumber: string },
): Promise<SandboxConfirmResult> {
  const row = await findIntentById(deps.db, input.paymentIntentId);
  if (!row || row.gateway !== 'sandbox' || !sameSecret(row.client_secret, input.clientSecret)) {
    throw new AppError('NOT_FOUND', NO_SUCH_PAYMENT);
  }
  const order = await findOrderById(deps.db, row.order_id);
  if (!order || order.user_id !== input.userId) throw new AppError('NOT_FOUND', NO_SUCH_PAYMENT);
  if (row.status === 'succeeded') throw new AppError('INVALID_STATE', ALREADY_SUCCEEDED);
  if (row.status === 'canceled' || row.status === 'failed') {
    throw new AppError('INVALID_STATE', 'This payment was closed. Please reload the page and try again.');
  }
  assertPayable(order);
  if (row.amount_cents !== amountOf(order)) throw new AppError('BAD_REQUEST', WRONG_AMOUNT);

  const outcome = sandboxCardOutcome(input.cardNumber);
  if (!outcome.ok) {
    await updateIntentState(deps.db, row.id, { status: 'requires_payment_method', lastError: outcome.message });
    const fields = outcome.message === cardMessages.notATestCard ? { cardNumber: outcome.message } : undefined;
    throw new AppError('PAYMENT_FAILED', outcome.message, fields);
  }

  const intent: GatewayIntent = { ...toGatewayIntent(row), status: 'succeeded', lastError: null };
  await deps.db.transaction().execute(async (trx) => {
    // An intent succeeds once: of two simultaneous payments with it, one claims it.
    if (!(await claimOpenIntent(trx, row.id))) throw new AppError('INVALID_STATE', ALREADY_SUCCEEDED);
    // Nothing is charged unless the order becomes paid by it (the throw rolls the claim back).
    if ((await settle(trx, deps, order.id, intent)) !== 'paid') throw new AppError('INVALID_STATE', ALREADY_PAID);
  });
  return { paymentIntentId: row.id, status: 'succeeded' };
}
