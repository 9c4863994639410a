import type { Selectable } from 'kysely';
import type { PaymentGatewayName } from '@toolsify/shared/payments';
import { nowIso, type PaymentIntentStatus, type PaymentIntentTable, type Db } from '../../db/schema.ts';
import type { GatewayIntent } from './payments.gateway.ts';

export type PaymentIntentRow = Selectable<PaymentIntentTable>;

/** Statuses in which an intent can still be paid (the rest are final). */
export const OPEN_INTENT_STATUSES: readonly PaymentIntentStatus[] = ['requires_payment_method', 'processing'];

export function toGatewayIntent(row: PaymentIntentRow): GatewayIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    orderId: row.order_id,
    clientSecret: row.client_secret,
    lastError: row.last_error,
  };
}

export async function findIntentById(db: Db, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intent').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order's open intent, if it has one (a unique index allows at most one). */
export async function findOpenIntent(db: Db, orderId: number): Promise<PaymentIntentRow | undefined> {
  return db
    .selectFrom('payment_intent')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .executeTakeFirst();
}

/** How many intents this order has had on this gateway (numbers Stripe's idempotency keys). */
export async function countIntents(db: Db, orderId: number, gateway: PaymentGatewayName): Promise<number> {
  const row = await db
    .selectFrom('payment_intent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('gateway', '=', gateway)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records an intent the gateway made. Does nothing if it is already recorded, or if the order
 * already has another open intent (someone else's request won: the caller reads that one).
 * Returns whether a row was written.
 */
export async function insertIntent(db: Db, gateway: PaymentGatewayName, intent: GatewayIntent): Promise<boolean> {
  if (intent.orderId === null) throw new Error('an intent must name its order');
  const now = nowIso();
  const row = await db
    .insertInto('payment_intent')
    .values({
      id: intent.id,
      order_id: intent.orderId,
      gateway,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      client_secret: intent.clientSecret,
      last_error: intent.lastError,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Open intents of another gateway (the configuration changed) can never be paid here: close them. */
export async function cancelOpenIntentsOfOtherGateways(db: Db, orderId: number, gateway: PaymentGatewayName): Promise<void> {
  await db
    .updateTable('payment_intent')
    .set({ status: 'canceled', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('gateway', '<>', gateway)
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .execute();
}

/** Mirrors what the gateway says about an intent that has not succeeded (a decline, a cancel). */
export async function updateIntentState(
  db: Db,
  id: string,
  state: { status: PaymentIntentStatus; lastError: string | null },
): Promise<void> {
  await db
    .updateTable('payment_intent')
    .set({ status: state.status, last_error: state.lastError, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '<>', 'succeeded')
    .execute();
}

/** The sandbox's charge: an open intent becomes succeeded, once. False if it was no longer open. */
export async function claimOpenIntent(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_intent')
    .set({ status: 'succeeded', last_error: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks an unpaid order paid with this transaction id. Conditional: it changes nothing unless
 * the order is still unpaid, so of two concurrent confirmations exactly one wins.
 */
export async function markOrderPaid(db: Db, orderId: number, transactionId: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('orders')
    .set({ status: 'paid', transaction_id: transactionId, paid_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Once an order is paid, its other open intents can never be paid: close them. */
export async function closeOtherOpenIntents(db: Db, orderId: number, keepId: string): Promise<void> {
  await db
    .updateTable('payment_intent')
    .set({ status: 'canceled', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('id', '<>', keepId)
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .execute();
}

/** Records the intent as succeeded (inserting it if we had no record of it, e.g. from a webhook). */
export async function recordSucceededIntent(
  db: Db,
  gateway: PaymentGatewayName,
  intent: GatewayIntent & { orderId: number },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('payment_intent')
    .values({
      id: intent.id,
      order_id: intent.orderId,
      gateway,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: 'succeeded',
      client_secret: intent.clientSecret,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'succeeded', last_error: null, updated_at: now }))
    .execute();
}

/** Remembers a webhook event; false when it was already seen (a redelivery). */
export async function insertPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('payment_event')
    .values({ id, type, received_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
