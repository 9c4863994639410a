import DataLoader from 'dataloader';
import type { Config } from '../../config.ts';
import type { Db, OrderLineRow, OrderRow, OutboxRow } from '../../db/schema.ts';
import { findLinesOf, findOrdersByIds, toOrder } from '../orders/orders.repository.ts';
import { findToolById } from '../tools/tools.repository.ts';
import { findContactMessage } from '../contact/contact.repository.ts';
import type { RenderOutboxRow } from './outbox.ts';
import type { RefusedRefund } from './outbox.repository.ts';
import { creditNotePdfOf, invoicePdfOf, type DocumentPdf } from '../invoices/invoices.service.ts';
import {
  backInStockEmail,
  contactMessageNoticeEmail,
  invoiceCopyEmail,
  lowStockNoticeEmail,
  type LowStockNoticeContext,
  orderCancelledEmail,
  orderPaidEmail,
  orderPaidNoticeEmail,
  refundFailedNoticeEmail,
  refundRefusedNoticeEmail,
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
 *
 * The worker renders a claimed batch at once: the orders its emails ask for in one turn of the
 * event loop are read together, one query for the orders and one for their lines, not two per
 * email (in a flash sale, two statements fewer per order). Nothing is cached between batches.
 */
export function outboxRenderer({ db, config }: { db: Db; config: Config }): RenderOutboxRow {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const orders = new DataLoader<number, { row: OrderRow; lines: OrderLineRow[] } | undefined>(
    async (ids) => {
      const [rows, lines] = await Promise.all([findOrdersByIds(db, ids), findLinesOf(db, ids)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        return row && { row, lines: lines.get(id) ?? [] };
      });
    },
    { cache: false },
  );
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
    if (row.kind === 'low_stock_admin') {
      const { tools, more } = payload as Omit<LowStockNoticeContext, 'publicUrl'>;
      return lowStockNoticeEmail({ tools, more, publicUrl });
    }
    if (row.order_id === null) throw new Error(`outbox row ${row.id}: a ${row.kind} email without an order`);
    const found = await orders.load(row.order_id);
    if (!found) throw new Error(`outbox row ${row.id}: order ${row.order_id} not found`);
    const { row: orderRow, lines } = found;
    const context = {
      order: toOrder(orderRow, lines, config.UNPAID_ORDER_TTL_HOURS),
      business: { company: orderRow.buyer_company, taxId: orderRow.buyer_tax_id },
      publicUrl,
    };
    switch (row.kind) {
      case 'order_placed':
        return orderPlacedEmail(context);
      case 'order_paid':
        // The invoice, as its download's bytes (rendered and kept now if nobody downloaded it yet).
        return orderPaidEmail(withDocument(context, await invoicePdfOf(db, context.order)));
      case 'order_shipped':
        return orderShippedEmail({
          ...context,
          shipment: payload as { carrier?: string | null; trackingNumber?: string | null; corrected?: boolean },
        });
      case 'order_cancelled': {
        const cancellation = payload as unknown as Cancellation;
        // A refund's email carries its credit note.
        const creditNote = cancellation.refundedCents === undefined ? null : await creditNotePdfOf(db, context.order);
        return orderCancelledEmail({ ...withDocument(context, creditNote), cancellation });
      }
      case 'invoice_copy':
        return invoiceCopyEmail(withDocument(context, await invoicePdfOf(db, context.order)));
      case 'order_paid_admin':
        return orderPaidNoticeEmail(context);
      case 'refund_failed_admin':
        return refundFailedNoticeEmail({ ...context, refund: payload as { refundId: string; failure: string | null } });
      case 'refund_refused_admin':
        return refundRefusedNoticeEmail({ ...context, refund: payload as unknown as RefusedRefund });
      default:
        throw new Error(`outbox row ${row.id}: no email of kind ${row.kind}`);
    }
  };
}

function withDocument<T extends object>(context: T, document: DocumentPdf | null): T & { document?: DocumentPdf } {
  return document ? { ...context, document } : context;
}
