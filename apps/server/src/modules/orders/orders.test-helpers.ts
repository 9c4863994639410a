import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { as, type TestUser } from '../../test/helpers.ts';
import { markOrderPaid } from '../payments/payments.repository.ts';
import { insertTool, type NewToolInput } from '../tools/tools.repository.ts';

/** Test-only helpers for the orders suites (not imported by the app). */

let toolCounter = 0;

export async function makeTool(
  app: FastifyInstance,
  stock: { available: number; minimum?: number; priceCents?: number; sku?: string } & Pick<
    NewToolInput,
    'priceBreaks' | 'packSize' | 'maxPerOrder'
  >,
) {
  toolCounter += 1;
  return insertTool(app.db, {
    name: `Impact Drill ${toolCounter}`,
    sku: stock.sku ?? `IMP-${toolCounter}`,
    description: 'A drill for tests',
    img: '/images/tools/drill.svg',
    priceCents: stock.priceCents ?? 1250,
    available: stock.available,
    minimum: stock.minimum ?? 1,
    priceBreaks: stock.priceBreaks,
    packSize: stock.packSize,
    maxPerOrder: stock.maxPerOrder,
  });
}

export async function stockOf(app: FastifyInstance, toolId: number): Promise<number> {
  const row = await app.db.selectFrom('tool').select('available').where('id', '=', toolId).executeTakeFirstOrThrow();
  return row.available;
}

/**
 * Marks an order paid with the payments repository's own statement (unpaid -> paid,
 * conditionally), for tests about what happens after a payment; no copy of its SQL.
 */
export async function markPaid(app: FastifyInstance, orderId: number, transactionId = `pi_test_${orderId}`): Promise<boolean> {
  return markOrderPaid(app.db, orderId, transactionId);
}

export interface StartedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

/** Starts paying for an order as its buyer (what the payment page does); fails the test on a refusal. */
export async function startPaying(app: FastifyInstance, buyer: TestUser, orderId: number): Promise<StartedPayment> {
  const res = await as(app, buyer, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentIntentId, clientSecret } = res.json() as StartedPayment;
  return { paymentIntentId, clientSecret };
}

/** Pays a started payment with the sandbox's test card that succeeds. */
export function payWithTestCard(app: FastifyInstance, buyer: TestUser, intent: StartedPayment): Promise<LightMyRequestResponse> {
  return as(app, buyer, {
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { ...intent, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
}

/**
 * Pays an order as its buyer does in the sandbox, through the routes and the payments service,
 * whatever happened to it meanwhile. Answers the last status (200 paid; 409 or 404 when it could
 * not be paid, say it was cancelled).
 */
export async function payAsBuyer(app: FastifyInstance, buyer: TestUser, orderId: number): Promise<number> {
  const started = await as(app, buyer, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` });
  if (started.statusCode !== 200) return started.statusCode;
  const { paymentIntentId, clientSecret } = started.json() as StartedPayment;
  return (await payWithTestCard(app, buyer, { paymentIntentId, clientSecret })).statusCode;
}

export const orderBody = (toolId: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  toolId,
  quantity,
  phone: '+1 555 010 2030',
  address: '12 Main St, Springfield',
  ...extra,
});
