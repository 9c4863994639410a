import type { Order } from '@toolsify/shared/orders';
import type { Db } from '../../db/schema.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { getOrder } from '../orders/orders.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findDocumentPdf, findOrderBusiness, keepDocumentPdf, type OrderDocument } from './invoices.repository.ts';

export const NO_INVOICE_YET = 'An invoice is issued once the order is paid.';
export const NO_CREDIT_NOTE = 'A credit note is issued once a paid order is refunded.';

/** A document as a PDF, and the number it is filed under (its file's name). */
export interface DocumentPdf {
  number: string;
  pdf: Buffer;
}

/**
 * The document's PDF, rendered once from the order as stored and kept: every download, and the
 * email that carries it, is the same bytes. Two first renders at once render twice; both answer
 * the one that was kept.
 */
async function keptPdf(db: Db, document: OrderDocument, orderId: number, render: () => Promise<Buffer>): Promise<Buffer> {
  const kept = await findDocumentPdf(db, document, orderId);
  if (kept) return kept;
  await keepDocumentPdf(db, document, orderId, await render());
  const pdf = await findDocumentPdf(db, document, orderId);
  if (!pdf) throw new Error(`${document} of order ${orderId} was not kept`);
  return pdf;
}

/** The order's invoice number and date, if it was ever paid (a refunded order keeps its invoice). */
function invoiced(order: Order): { invoiceNumber: string; invoicedAt: string } | null {
  const paidOnce = order.status === 'paid' || order.status === 'shipped' || order.refund?.state === 'refunded';
  return paidOnce && order.invoiceNumber !== null && order.invoicedAt !== null
    ? { invoiceNumber: order.invoiceNumber, invoicedAt: order.invoicedAt }
    : null;
}

/** An order's invoice, when it was ever paid (else null): what the download sends and the paid email carries. */
export async function invoicePdfOf(db: Db, order: Order): Promise<DocumentPdf | null> {
  const invoice = invoiced(order);
  if (!invoice) return null;
  const pdf = await keptPdf(db, 'invoice', order.id, async () =>
    renderInvoicePdf({ ...order, ...invoice }, await findOrderBusiness(db, order.id)),
  );
  return { number: invoice.invoiceNumber, pdf };
}

/** A refunded order's credit note (decision 025), else null: what the download sends and the refund's email carries. */
export async function creditNotePdfOf(db: Db, order: Order): Promise<DocumentPdf | null> {
  const invoice = invoiced(order);
  const refund = order.refund;
  if (!invoice || !refund?.creditNoteNumber || refund.refundedAt === null || refund.reference === null) return null;
  const creditNote = {
    number: refund.creditNoteNumber,
    issuedAt: refund.refundedAt,
    refundReference: refund.reference,
    reason: refund.reason,
  };
  const pdf = await keptPdf(db, 'creditNote', order.id, async () =>
    renderInvoicePdf({ ...order, ...invoice }, await findOrderBusiness(db, order.id), creditNote),
  );
  return { number: creditNote.number, pdf };
}

/** A paid (or since refunded) order's invoice as a PDF, for its buyer or an admin (anyone else: 404, as the order itself). */
export async function getInvoicePdf(deps: ServiceDeps, orderId: number, user: SessionUser): Promise<DocumentPdf> {
  const invoice = await invoicePdfOf(deps.db, await getOrder(deps, orderId, user));
  if (!invoice) throw new AppError('INVALID_STATE', NO_INVOICE_YET);
  return invoice;
}

/** A refunded order's credit note as a PDF (decision 025), for its buyer or an admin. */
export async function getCreditNotePdf(deps: ServiceDeps, orderId: number, user: SessionUser): Promise<DocumentPdf> {
  const creditNote = await creditNotePdfOf(deps.db, await getOrder(deps, orderId, user));
  if (!creditNote) throw new AppError('INVALID_STATE', NO_CREDIT_NOTE);
  return creditNote;
}
