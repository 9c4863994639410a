import type { ServiceDeps } from '../../lib/service-deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { getOrder } from '../orders/orders.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findInvoicePdf, findOrderBusiness, keepInvoicePdf } from './invoices.repository.ts';

export const NO_INVOICE_YET = 'An invoice is issued once the order is paid.';

/**
 * A paid order's invoice as a PDF, for its buyer or an admin (anyone else: 404, as the order
 * itself). Rendered once, from the order as stored, and kept: every download is the same bytes.
 */
export async function getInvoicePdf(deps: ServiceDeps, orderId: number, user: SessionUser): Promise<{ number: string; pdf: Buffer }> {
  const order = await getOrder(deps, orderId, user);
  const { invoiceNumber, invoicedAt } = order;
  if (invoiceNumber === null || invoicedAt === null || (order.status !== 'paid' && order.status !== 'shipped')) {
    throw new AppError('INVALID_STATE', NO_INVOICE_YET);
  }
  const kept = await findInvoicePdf(deps.db, orderId);
  if (kept) return { number: invoiceNumber, pdf: kept };
  const business = await findOrderBusiness(deps.db, orderId);
  await keepInvoicePdf(deps.db, orderId, await renderInvoicePdf({ ...order, invoiceNumber, invoicedAt }, business));
  // Two first downloads at once render twice; both answer the one that was kept.
  const pdf = await findInvoicePdf(deps.db, orderId);
  if (!pdf) throw new Error(`invoice of order ${orderId} was not kept`);
  return { number: invoiceNumber, pdf };
}
