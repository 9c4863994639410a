import { withoutThousandsCommas } from './money.ts';

/**
 * The cart's and quick order's pure parts, without zod (the navigation bar's cart count and the
 * buttons that add to the cart load them on every page). The schemas are in cart.ts.
 */

/** The most lines one order (and so one cart) may have; orders.ts checks it too. */
export const MAX_CART_LINES = 100;
/** The most lines one quick order reads. */
export const MAX_QUICK_ORDER_LINES = 200;

export interface CartLine {
  toolId: number;
  quantity: number;
}

/**
 * Adds lines to a cart: a tool already there gets the new quantity added to its own, a new
 * tool goes last; past MAX_CART_LINES the rest is left out (answered as `left`).
 */
export function mergeCartLines(cart: readonly CartLine[], added: readonly CartLine[]): { lines: CartLine[]; left: CartLine[] } {
  const lines = cart.map((line) => ({ ...line }));
  const left: CartLine[] = [];
  for (const line of added) {
    const same = lines.find((l) => l.toolId === line.toolId);
    if (same) same.quantity += line.quantity;
    else if (lines.length < MAX_CART_LINES) lines.push({ ...line });
    else left.push(line);
  }
  return { lines, left };
}

/** A SKU without its case and punctuation: "TF-DD18-2A", "tfdd18.2a" and "TFDD182A" are one part number. */
export const skuKey = (sku: string): string => sku.toLowerCase().replace(/[-_.]/g, '');

/**
 * A line of a quick order as typed: its SKU and quantity, or why it could not be read (with its
 * SKU when that part was one, so the line can name its tool).
 */
export type QuickOrderRow =
  { row: number; sku: string; quantity: number } | { row: number; text: string; problem: string; sku?: string | undefined };

const HEADER = /^\s*"?sku"?\s*[,;\t ]\s*"?(quantity|qty)"?\s*$/i;
/** A typed line of a SKU and a quantity with commas between thousands, "TF-HS300 1,000": two cells, not three. */
const WITH_THOUSANDS = /^([^\s,;]+)[\s,;]+(\d{1,3}(?:,\d{3})+)$/;
/** The longest quantity a line may have (MAX_ORDER_QUANTITY, 10,000,000, has 8 digits). */
const MOST_DIGITS = 8;

/**
 * Reads pasted lines of `SKU quantity` (separated by spaces, tabs, commas or semicolons, as
 * copied from a spreadsheet); a `sku,quantity` header and empty lines are skipped. A line with
 * a tab is a spreadsheet's row, split at its tabs only, so a quantity formatted "1,000" stays
 * one cell; so does one typed after the SKU ("TF-HS300 1,000"). Never throws: any text gives rows or problems, at most MAX_QUICK_ORDER_LINES rows
 * (more is a problem of its own).
 */
export function parseQuickOrder(text: string): { rows: QuickOrderRow[]; tooMany: boolean } {
  const rows: QuickOrderRow[] = [];
  let tooMany = false;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || (rows.length === 0 && HEADER.test(line))) return;
    if (rows.length >= MAX_QUICK_ORDER_LINES) {
      tooMany = true;
      return;
    }
    const cells = line.includes('\t') ? line.split('\t') : (WITH_THOUSANDS.exec(line)?.slice(1) ?? line.split(/[\s,;]+/));
    rows.push(
      quickOrderRow(
        index + 1,
        cells.map((cell) => cell.trim().replace(/^"|"$/g, '')),
      ),
    );
  });
  return { rows, tooMany };
}

/** One row from its cells (a pasted line, or a CSV record): SKU, then quantity. */
export function quickOrderRow(row: number, cells: readonly string[]): QuickOrderRow {
  const values = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const text = values.join(' ').slice(0, 80);
  if (values.length === 0) return { row, text, problem: 'Empty line' };
  if (values.length === 1) return { row, text, problem: 'Give a SKU and a quantity' };
  if (values.length > 2) return { row, text, problem: 'Give only a SKU and a quantity' };
  const [sku = '', typed = ''] = values;
  // As a spreadsheet may show it: "1,000".
  const quantityText = withoutThousandsCommas(typed);
  if (!/^[A-Za-z0-9._-]{2,40}$/.test(sku)) return { row, text, problem: 'Not a SKU' };
  if (/^\d+$/.test(quantityText) && quantityText.replace(/^0+/, '').length > MOST_DIGITS)
    return { row, text, sku, problem: 'The quantity is too large for one order' };
  // Zero or a minus: a number, but not of pieces to order.
  if (/^-?\d+$/.test(quantityText) && Number(quantityText) < 1) return { row, text, sku, problem: 'The quantity must be at least 1' };
  if (!/^\d{1,8}$/.test(quantityText)) return { row, text, sku, problem: 'The quantity must be a whole number of pieces' };
  return { row, sku, quantity: Number(quantityText) };
}
