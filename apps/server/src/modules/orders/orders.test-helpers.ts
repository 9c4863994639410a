import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/schema.ts';
import { insertTool } from '../tools/tools.repository.ts';

/** Test-only helpers for the orders suites (not imported by the app). */

let toolCounter = 0;

export async function makeTool(app: FastifyInstance, stock: { available: number; minimum?: number; priceCents?: number }) {
  toolCounter += 1;
  return insertTool(app.db, {
    name: `Impact Drill ${toolCounter}`,
    description: 'A drill for tests',
    img: '/images/tools/drill.svg',
    priceCents: stock.priceCents ?? 1250,
    available: stock.available,
    minimum: stock.minimum ?? 1,
  });
}

export async function stockOf(app: FastifyInstance, toolId: number): Promise<number> {
  const row = await app.db.selectFrom('tool').select('available').where('id', '=', toolId).executeTakeFirstOrThrow();
  return row.available;
}

/** What the payments module does once the gateway confirms: unpaid -> paid, conditionally. */
export async function markPaid(app: FastifyInstance, orderId: number, transactionId = `pi_test_${orderId}`): Promise<boolean> {
  const result = await app.db
    .updateTable('orders')
    .set({ status: 'paid', transaction_id: transactionId, paid_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', orderId)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const orderBody = (toolId: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  toolId,
  quantity,
  phone: '+1 555 010 2030',
  address: '12 Main St, Springfield',
  ...extra,
});
