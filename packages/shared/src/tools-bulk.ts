import { z } from 'zod';
import { withoutThousandsCommas } from './money.ts';
import { MAX_PRICE_BREAKS, type PriceBreak } from './pricing.ts';

/**
 * Products in bulk: the CSV columns of `GET /api/tools/export.csv` and `POST /api/tools/import`,
 * how a cell reads and writes, and what an import answers. A row of the file is one tool,
 * matched by SKU (any case): an update of that tool, or a new one.
 */
export const toolCsvColumns = [
  'sku',
  'name',
  'description',
  'image',
  'price',
  'stock',
  'minimum',
  'pack_size',
  'max_per_order',
  'price_breaks',
  // Last: they came after the others, and a file read by position keeps its columns.
  'low_stock_alert',
  'category',
] as const;
export type ToolCsvColumn = (typeof toolCsvColumns)[number];

/** An import file is at most this big, and has at most this many rows (the header aside). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/** Cents as the CSV writes a price: dollars with two decimals (1250 -> "12.50"). */
export function centsToCsv(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A price cell as cents: "12.5", "12.50", "$12.50", "1,250.00"; null when it is not a price,
 * "12,50" (a decimal comma, which is not $1,250) among them.
 */
export function csvToCents(text: string): number | null {
  const clean = withoutThousandsCommas(text.trim().replace(/^\$/, ''));
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Price breaks as one cell: `10:11.50;50:10.00` (from 10 pieces 11.50 each; from 50, 10.00). */
export function priceBreaksToCsv(breaks: readonly PriceBreak[]): string {
  return breaks.map((b) => `${b.minQuantity}:${centsToCsv(b.unitPriceCents)}`).join(';');
}

/** A price-breaks cell as breaks, or the reason it is not one. */
export function csvToPriceBreaks(text: string): PriceBreak[] | string {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > MAX_PRICE_BREAKS) return `At most ${MAX_PRICE_BREAKS} price breaks`;
  const breaks: PriceBreak[] = [];
  for (const part of parts) {
    const match = /^([\d,]+)\s*:\s*(.+)$/.exec(part);
    const quantity = withoutThousandsCommas(match?.[1] ?? '');
    const cents = match ? csvToCents(match[2] ?? '') : null;
    if (!match || !/^\d{1,9}$/.test(quantity) || cents === null)
      return `"${part}" is not a price break: write quantity:price, e.g. 10:11.50;50:10.00`;
    breaks.push({ minQuantity: Number(quantity), unitPriceCents: cents });
  }
  return breaks;
}

/** One problem of a row, on the column it is in (`row` for the row as a whole). */
export const importIssueSchema = z.object({ column: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importActions = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof importActions)[number];

/** What an import does (or would do) with one row of the file. */
export const importRowResultSchema = z.object({
  /** The row's line in the file: the header is line 1, the first tool line 2. */
  row: z.number().int(),
  sku: z.string(),
  action: z.enum(importActions),
  /** The tool it updates (null: a new one, or an error). */
  toolId: z.number().int().nullable(),
  /** The fields the update changes (empty for a creation, unchanged or an error). */
  changes: z.array(z.string()),
  /** Each change as the file writes its cells (a price `12.50`, breaks `10:11.50`, no maximum ``): what it was and what it becomes. */
  diff: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  /** What the stock moves by: a restock (> 0) or a correction (< 0), recorded in the stock ledger. */
  stockDelta: z.number().int(),
  errors: z.array(importIssueSchema),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(importRowResultSchema),
  /** The file's columns the store does not know (an ERP's helper columns, notes), as the header writes them: left out. */
  ignoredColumns: z.array(z.string()),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** `GET /api/tools/:id/stock-history`: a page of the ledger, newest first. */
export const stockHistoryQuerySchema = z.strictObject({
  cursor: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'cursor is not valid')
    // An offset the database can take: a larger one names no page (and SQLite refuses it).
    .refine((cursor) => Number.isSafeInteger(Number(cursor)), 'cursor is not valid')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(50),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuerySchema>;

export const stockEntryKinds = ['initial', 'restock', 'correction', 'order', 'cancel'] as const;
export type StockEntryKind = (typeof stockEntryKinds)[number];

/** One change of a tool's stock: an adjustment by an admin, an order taking pieces, a cancellation returning them. */
export const stockEntrySchema = z.object({
  kind: z.enum(stockEntryKinds),
  /** Pieces: positive adds to the stock, negative takes from it. */
  quantity: z.number().int(),
  at: z.string(),
  /** Who: the admin's or buyer's email; null for the store itself (an expiry) or a removed account. */
  by: z.string().nullable(),
  /** The order it belongs to (orders and cancellations). */
  orderId: z.number().int().nullable(),
  /** Why: "Not paid in time" for an expiry, the status of the order, ... */
  note: z.string().nullable(),
});
export type StockEntry = z.infer<typeof stockEntrySchema>;

export const stockHistorySchema = z.object({
  toolId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The stock buyers can order now. */
  available: z.number().int(),
  /** Pieces taken by unpaid orders: back in stock if they are cancelled or expire. */
  heldByUnpaid: z.number().int(),
  /** Unpaid orders holding them. */
  unpaidOrders: z.number().int(),
  items: z.array(stockEntrySchema),
  nextCursor: z.string().nullable(),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;
