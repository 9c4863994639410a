import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/schema.ts';
import type { BuyerBusiness } from './invoice-pdf.ts';

/**
 * The store's two numbered documents of an order: its invoice, given when it is paid, and the
 * credit note that cancels it, given when it is refunded (decision 025). Each has its own
 * series, counter and kept PDFs.
 */
const series = {
  invoice: { prefix: 'INV', counter: 'invoice_counter', pdfs: 'invoice_pdf' },
  creditNote: { prefix: 'CN', counter: 'credit_note_counter', pdfs: 'credit_note_pdf' },
} as const;
export type OrderDocument = keyof typeof series;

/** INV-2026-000001, CN-2026-000001 */
export function documentNumberOf(document: OrderDocument, year: number, sequence: number): string {
  return `${series[document].prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of the year in a document's series, in the caller's transaction: the year's
 * counter row is incremented (and locked until the transaction ends), so numbers are never
 * shared and a transaction that rolls back gives its number back: no gaps.
 */
async function nextNumber(trx: Db, document: OrderDocument, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const { counter } = series[document];
  const row = await trx
    .insertInto(counter)
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`${sql.ref(counter)}.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return documentNumberOf(document, year, row.last);
}

/** Gives a just-paid order the next invoice number of the year, in the payment's transaction. */
export async function assignInvoiceNumber(trx: Db, orderId: number, at: Date): Promise<string> {
  const number = await nextNumber(trx, 'invoice', at);
  await trx.updateTable('orders').set({ invoice_number: number, invoiced_at: at.toISOString() }).where('id', '=', orderId).execute();
  return number;
}

/** Gives a just-refunded order the next credit note number of the year, in the refund's transaction (its date: the refund's). */
export async function assignCreditNoteNumber(trx: Db, orderId: number, at: Date): Promise<string> {
  const number = await nextNumber(trx, 'creditNote', at);
  await trx.updateTable('orders').set({ credit_note_number: number }).where('id', '=', orderId).execute();
  return number;
}

/** The document's PDF as first rendered, if it was. */
export async function findDocumentPdf(db: Db, document: OrderDocument, orderId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom(series[document].pdfs).select('pdf').where('order_id', '=', orderId).executeTakeFirst();
  return row ? Buffer.from(row.pdf) : undefined;
}

/** Keeps the first rendering of a document (a second, racing one changes nothing). */
export async function keepDocumentPdf(db: Db, document: OrderDocument, orderId: number, pdf: Buffer): Promise<void> {
  await db
    .insertInto(series[document].pdfs)
    .values({ order_id: orderId, pdf, created_at: nowIso() })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** The buyer's company and tax / VAT number as copied onto the order when it was placed. */
export async function findOrderBusiness(db: Db, orderId: number): Promise<BuyerBusiness> {
  const row = await db.selectFrom('orders').select(['buyer_company', 'buyer_tax_id']).where('id', '=', orderId).executeTakeFirst();
  return { company: row?.buyer_company ?? null, taxId: row?.buyer_tax_id ?? null };
}
