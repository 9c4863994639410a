import { Readable } from 'node:stream';
import { orderExportColumns, type MyOrderFilters, type OrderFilters } from '@toolsify/shared/orders';
import { csvRecord, UTF8_BOM, type CsvValue } from '../../lib/csv.ts';
import { toIso, type OrderLineRow, type OrderRow } from '../../db/schema.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { findLinesOf, findOrdersPage, type OrderListFilters } from './orders.repository.ts';
import { myOrdersFound, statusesOf } from './orders.service.ts';

/** Orders read per query of the export: a page of them and their lines is all it holds at once. */
export const EXPORT_PAGE_SIZE = 500;

/** Cents as dollars with two decimals (1250 -> 12.50), in integers: no float ever rounds a price. */
export function dollars(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}

/** A time as a spreadsheet reads one: `2026-05-01 09:30:00` (UTC, as the column says). */
function sheetTime(value: OrderRow['created_at'] | null): string | null {
  return value === null ? null : toIso(value).slice(0, 19).replace('T', ' ');
}

/** One CSV row per line of the order, in `orderExportColumns` order. */
export function exportRowsOf(order: OrderRow, lines: readonly OrderLineRow[]): string {
  return [...lines]
    .sort((a, b) => a.line_no - b.line_no)
    .map((line) => {
      const values: Record<(typeof orderExportColumns)[number], CsvValue> = {
        'Order number': order.id,
        'Placed at (UTC)': sheetTime(order.created_at),
        'Paid at (UTC)': sheetTime(order.paid_at),
        'Shipped at (UTC)': sheetTime(order.shipped_at),
        'Cancelled at (UTC)': sheetTime(order.cancelled_at),
        Status: order.status,
        'Buyer name': order.buyer_name,
        'Buyer email': order.buyer_email,
        'PO number': order.po_number,
        Line: line.line_no + 1,
        SKU: line.sku,
        Tool: line.tool_name,
        Quantity: line.quantity,
        'Unit price': dollars(line.unit_price_cents),
        'Line total': dollars(line.unit_price_cents * line.quantity),
        'Order total': dollars(Number(order.total_cents)),
        'Transaction id': order.transaction_id,
        'Invoice number': order.invoice_number,
        'Buyer company': order.buyer_company,
        'Tax / VAT number': order.buyer_tax_id,
        Phone: order.phone,
        'Ship to': order.address,
        Carrier: order.carrier,
        'Tracking number': order.tracking_number,
        'Refunded at (UTC)': sheetTime(order.refunded_at),
        'Refund id': order.refund_id,
        'Credit note number': order.credit_note_number,
      };
      return csvRecord(orderExportColumns.map((column) => values[column]));
    })
    .join('');
}

/**
 * The orders the filters find, newest first, as CSV text a page at a time: the header, then one
 * row per order line. Pages are read by keyset (`id < last id`), never OFFSET, so the memory it
 * holds is one page whatever the number of orders; the stream asks for the next page only when
 * the client has taken the last (back-pressure), and stops reading when the client goes away.
 * The first page is read before anything is sent, so a failing database is a 500, not a
 * truncated file.
 */
export async function exportOrdersCsv(deps: Pick<ServiceDeps, 'db' | 'dialect'>, filters: OrderFilters): Promise<Readable> {
  return ordersCsv(deps, {
    dialect: deps.dialect,
    statuses: statusesOf(filters),
    q: filters.q,
    toolId: filters.toolId,
    from: filters.from,
    to: filters.to,
  });
}

/** A buyer's own orders as My Orders finds them (cancelled ones when asked for), in the same CSV. */
export async function exportMyOrdersCsv(
  deps: Pick<ServiceDeps, 'db' | 'dialect'>,
  userId: string,
  filters: MyOrderFilters,
): Promise<Readable> {
  return ordersCsv(deps, myOrdersFound(deps, userId, filters));
}

async function ordersCsv(deps: Pick<ServiceDeps, 'db'>, find: OrderListFilters): Promise<Readable> {
  /** The CSV rows of the page after `cursor`, and the last order's id when another page may follow. */
  const pageAfter = async (cursor: number | undefined): Promise<{ text: string; next: number | undefined }> => {
    const orders = await findOrdersPage(deps.db, { ...find, limit: EXPORT_PAGE_SIZE, cursor });
    const lines = await findLinesOf(
      deps.db,
      orders.map((order) => order.id),
    );
    return {
      text: orders.map((order) => exportRowsOf(order, lines.get(order.id) ?? [])).join(''),
      next: orders.length < EXPORT_PAGE_SIZE ? undefined : orders.at(-1)?.id,
    };
  };
  const first = await pageAfter(undefined);
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord(orderExportColumns) + first.text;
    for (let page = first; page.next !== undefined;) {
      page = await pageAfter(page.next);
      if (page.text) yield page.text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
