import type { Config } from '../../config.ts';
import type { Db, OutboxRow } from '../../db/schema.ts';
import { findLinesOf, findOrderById, toOrder } from '../orders/orders.repository.ts';
import { findToolById } from '../tools/tools.repository.ts';
import { findContactMessage } from '../contact/contact.repository.ts';
import type { RenderOutboxRow } from './outbox.ts';
import {
  backInStockEmail,
  contactMessageNoticeEmail,
  orderCancelledEmail,
  orderPaidEmail,
  orderPaidNoticeEmail,
  orderPlacedEmail,
  orderShippedEmail,
  resetPasswordEmail,
  verificationEmail,
  type Cancellation,
  type RenderedMail,
} from './templates.ts';

/**
 * How the worker renders each row: the account emails from their payload, the order emails
 * from the order as stored (its lines, totals and addresses never change) and the payload (who
 * cancelled and why; the shipment's carrier and tracking number).
 */
export function outboxRenderer({ db, config }: { db: Db; config: Config }): RenderOutboxRow {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  return async (row: OutboxRow): Promise<RenderedMail> => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    if (row.kind === 'verify_email') return verificationEmail(payload as { name: string; url: string });
    if (row.kind === 'reset_password') return resetPasswordEmail(payload as { name: string; url: string });
    if (row.kind === 'back_in_stock') {
      const { toolId, tool: toolName, name } = payload as { toolId: number; tool: string; name: string };
      const tool = await findToolById(db, toolId);
      return backInStockEmail({
        name,
        publicUrl,
        tool: tool
          ? {
              id: tool.id,
              name: tool.name,
              sku: tool.sku,
              available: tool.available > 0 ? tool.available : null,
              minimum: tool.minimum,
              priceCents: tool.price_cents,
            }
          : { id: toolId, name: toolName, sku: null, available: null, minimum: null, priceCents: null },
      });
    }
    if (row.kind === 'contact_message_admin') {
      const { messageId } = payload as { messageId: number };
      const message = await findContactMessage(db, messageId);
      if (!message) throw new Error(`outbox row ${row.id}: contact message ${messageId} not found`);
      return contactMessageNoticeEmail({ message, publicUrl });
    }
    if (row.order_id === null) throw new Error(`outbox row ${row.id}: a ${row.kind} email without an order`);
    const orderRow = await findOrderById(db, row.order_id);
    if (!orderRow) throw new Error(`outbox row ${row.id}: order ${row.order_id} not found`);
    const lines = (await findLinesOf(db, [orderRow.id])).get(orderRow.id) ?? [];
    const context = {
      order: toOrder(orderRow, lines, config.UNPAID_ORDER_TTL_HOURS),
      business: { company: orderRow.buyer_company, taxId: orderRow.buyer_tax_id },
      publicUrl,
    };
    switch (row.kind) {
      case 'order_placed':
        return orderPlacedEmail(context);
      case 'order_paid':
        return orderPaidEmail(context);
      case 'order_shipped':
        return orderShippedEmail({ ...context, shipment: payload as { carrier?: string | null; trackingNumber?: string | null } });
      case 'order_cancelled':
        return orderCancelledEmail({ ...context, cancellation: payload as unknown as Cancellation });
      case 'order_paid_admin':
        return orderPaidNoticeEmail(context);
      default:
        throw new Error(`outbox row ${row.id}: no email of kind ${row.kind}`);
    }
  };
}
