import { nowIso, type Db } from '../../db/schema.ts';
import type { BuyerBusiness } from './invoice-pdf.ts';

/** INV-2026-000001 */
export function invoiceNumberOf(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Gives a just-paid order the next invoice number of the year, in the payment's transaction:
 * the year's counter row is incremented (and locked until the transaction ends), so numbers are
 * never shared and a payment that rolls back gives its number back: no gaps.
 */
export async function assignInvoiceNumber(trx: Db, orderId: number, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const row = await trx
    .insertInto('invoice_counter')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('invoice_counter.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  const number = invoiceNumberOf(year, row.last);
  await trx.updateTable('orders').set({ invoice_number: number, invoiced_at: at.toISOString() }).where('id', '=', orderId).execute();
  return number;
}

/** The invoice's PDF as first rendered, if it was. */
export async function findInvoicePdf(db: Db, orderId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('invoice_pdf').select('pdf').where('order_id', '=', orderId).executeTakeFirst();
  return row ? Buffer.from(row.pdf) : undefined;
}

/** Keeps the first rendering of an invoice (a second, racing one changes nothing). */
export async function keepInvoicePdf(db: Db, orderId: number, pdf: Buffer): Promise<void> {
  await db
    .insertInto('invoice_pdf')
    .values({ order_id: orderId, pdf, created_at: nowIso() })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** The buyer's company and tax / VAT number as copied onto the order when it was placed. */
export async function findOrderBusiness(db: Db, orderId: number): Promise<BuyerBusiness> {
  const row = await db.selectFrom('orders').select(['buyer_company', 'buyer_tax_id']).where('id', '=', orderId).executeTakeFirst();
  return { company: row?.buyer_company ?? null, taxId: row?.buyer_tax_id ?? null };
}
