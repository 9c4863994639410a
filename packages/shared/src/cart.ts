import { z } from 'zod';
import { MAX_ORDER_LINES, orderLineInputSchema } from './orders.ts';

/**
 * The cart: the lines a buyer is gathering for one order (at most MAX_ORDER_LINES, each tool
 * once). A signed-in buyer's lives on the server (`GET`/`PUT /api/cart`), a visitor's in the
 * browser until they log in. Prices and rules are never stored with it: the cart page reads
 * the tools and applies today's (pricing.ts).
 */
export const cartSchema = z.strictObject({
  lines: z
    .array(orderLineInputSchema, { error: 'lines must be a list of { toolId, quantity }' })
    .max(MAX_ORDER_LINES, `A cart has at most ${MAX_ORDER_LINES} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      lines.forEach((line, n) => {
        if (seen.has(line.toolId)) ctx.addIssue({ code: 'custom', path: [n, 'toolId'], message: 'This tool is already in the cart' });
        seen.add(line.toolId);
      });
    }),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartLine = Cart['lines'][number];

/**
 * Adds lines to a cart: a tool already there gets the new quantity added to its own, a new
 * tool goes last; past MAX_ORDER_LINES the rest is left out (answered as `left`).
 */
export function mergeCartLines(cart: readonly CartLine[], added: readonly CartLine[]): { lines: CartLine[]; left: CartLine[] } {
  const lines = cart.map((line) => ({ ...line }));
  const left: CartLine[] = [];
  for (const line of added) {
    const same = lines.find((l) => l.toolId === line.toolId);
    if (same) same.quantity += line.quantity;
    else if (lines.length < MAX_ORDER_LINES) lines.push({ ...line });
    else left.push(line);
  }
  return { lines, left };
}

/** `POST /api/tools/by-sku`: the live tools with these SKUs (any case), for quick order. */
export const MAX_QUICK_ORDER_LINES = 200;
export const skuLookupSchema = z.strictObject({
  skus: z
    .array(z.string().trim().min(1).max(40), { error: 'skus must be a list of SKUs' })
    .min(1, 'Send at least one SKU')
    .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} SKUs at a time`),
});

/** A line of a quick order as typed: its SKU and quantity, or why it could not be read. */
export type QuickOrderRow = { row: number; sku: string; quantity: number } | { row: number; text: string; problem: string };

const HEADER = /^\s*"?sku"?\s*[,;\t ]\s*"?(quantity|qty)"?\s*$/i;

/**
 * Reads pasted lines of `SKU quantity` (separated by spaces, tabs, commas or semicolons, as
 * copied from a spreadsheet); a `sku,quantity` header and empty lines are skipped. Never
 * throws: any text gives rows or problems, at most MAX_QUICK_ORDER_LINES rows (more is a
 * problem of its own).
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
    rows.push(
      quickOrderRow(
        index + 1,
        line.split(/[\s,;]+/).map((cell) => cell.replace(/^"|"$/g, '')),
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
  const [sku = '', quantityText = ''] = values;
  if (!/^[A-Za-z0-9._-]{2,40}$/.test(sku)) return { row, text, problem: 'Not a SKU' };
  if (!/^\d{1,8}$/.test(quantityText) || Number(quantityText) < 1)
    return { row, text, problem: 'The quantity must be a whole number of pieces' };
  return { row, sku, quantity: Number(quantityText) };
}
