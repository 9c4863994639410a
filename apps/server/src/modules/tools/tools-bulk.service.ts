import { missingImage } from '../../lib/uploads.ts';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { z } from 'zod';
import { pricingIssues, type PriceBreak } from '@toolsify/shared/pricing';
import { categorySpeller, createToolSchema, MAX_STOCK, priceTooHigh } from '@toolsify/shared/tools';
import {
  centsToCsv,
  csvToCents,
  csvToPriceBreaks,
  IMPORT_MAX_ROWS,
  priceBreaksToCsv,
  toolCsvColumns,
  type ImportIssue,
  type ImportResult,
  type ImportRowResult,
  type StockHistory,
  type StockHistoryQuery,
  type ToolCsvColumn,
} from '@toolsify/shared/tools-bulk';
import { csvRecord, UTF8_BOM } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ToolRow } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { auditTools, type ToolChange } from './tools.audit.ts';
import { releaseStockAlerts } from '../stock-alerts/stock-alerts.repository.ts';
import { findCategoryNames, priceBreaksOf } from './tools.repository.ts';
import {
  findLiveToolsAfter,
  findLiveToolsBySkuForUpdate,
  findStockLedger,
  findToolForHistory,
  heldByUnpaidOrders,
  insertImportedTools,
  insertStockMoves,
  updateImportedTools,
  type ImportedTool,
  type StockMove,
} from './tools-bulk.repository.ts';
import { formatCount, withoutThousandsCommas } from '@toolsify/shared/money';

type BulkDeps = Pick<ServiceDeps, 'db' | 'dialect' | 'catalogCache' | 'config'>;

/** Tools read per query of the export. */
export const TOOL_EXPORT_PAGE_SIZE = 500;

function csvRowOf(row: ToolRow): string {
  const values: Record<ToolCsvColumn, string | number | null> = {
    sku: row.sku,
    name: row.name,
    description: row.description,
    image: row.img,
    price: centsToCsv(row.price_cents),
    stock: row.available,
    minimum: row.minimum,
    pack_size: row.pack_size,
    max_per_order: row.max_per_order,
    price_breaks: priceBreaksToCsv(priceBreaksOf(row)),
    low_stock_alert: row.low_stock_threshold,
    category: row.category,
  };
  return csvRecord(toolCsvColumns.map((column) => values[column]));
}

/**
 * Every live tool as CSV, oldest first, a page at a time (keyset by id): what an import takes
 * back unchanged. The first page is read before anything is sent, so a failing database is a
 * 500, not a truncated file.
 */
export async function exportToolsCsv(deps: Pick<ServiceDeps, 'db'>): Promise<Readable> {
  const pageAfter = async (afterId: number) => {
    const rows = await findLiveToolsAfter(deps.db, afterId, TOOL_EXPORT_PAGE_SIZE);
    return { text: rows.map(csvRowOf).join(''), next: rows.length < TOOL_EXPORT_PAGE_SIZE ? undefined : rows.at(-1)?.id };
  };
  const first = await pageAfter(0);
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord(toolCsvColumns) + first.text;
    for (let page = first; page.next !== undefined;) {
      page = await pageAfter(page.next);
      if (page.text) yield page.text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The API field a column sets, for the zod issues of the shared schemas. */
const columnOfField: Record<string, ToolCsvColumn> = {
  name: 'name',
  sku: 'sku',
  description: 'description',
  img: 'image',
  priceCents: 'price',
  available: 'stock',
  minimum: 'minimum',
  packSize: 'pack_size',
  maxPerOrder: 'max_per_order',
  priceBreaks: 'price_breaks',
  lowStockThreshold: 'low_stock_alert',
  category: 'category',
};

/**
 * Columns a file must have: the SKU alone. The others may be left out: an update keeps the
 * tool's value (a file of `sku,price` changes prices and leaves the stock as it is now), a new
 * tool takes the defaults, and the fields Add a Product requires are named on its row.
 */
const requiredColumns: readonly ToolCsvColumn[] = ['sku'];

/**
 * A cell as written: the export puts a `'` before a cell that a spreadsheet would run as a
 * formula; that `'` is taken off again, so an export imports back as it was.
 */
const cellText = (cell: string | undefined): string => {
  const text = cell ?? '';
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

/**
 * An existing tool's row: the same fields and rules as Add a Product (createToolSchema), except
 * that the stock may be 0 and under the minimum (a sold-out tool exports so).
 */
const shape = createToolSchema.shape;
const updateRowSchema = z.strictObject({
  name: shape.name,
  sku: shape.sku,
  description: shape.description,
  img: shape.img,
  priceCents: shape.priceCents,
  minimum: shape.minimum,
  priceBreaks: shape.priceBreaks,
  packSize: shape.packSize,
  maxPerOrder: shape.maxPerOrder,
  lowStockThreshold: shape.lowStockThreshold,
  category: shape.category,
  available: z
    .number({ error: 'Stock must be a number of pieces' })
    .int('Must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`),
});

interface ParsedRow {
  line: number;
  sku: string;
  /** What the row sets, as the API's fields; absent: a column left out or empty. */
  fields: Record<string, unknown>;
  errors: ImportIssue[];
}

/** A whole number cell: the number, or undefined when empty (then the default or the tool's value). */
function wholeNumber(text: string, column: ToolCsvColumn, errors: ImportIssue[]): number | undefined {
  const clean = withoutThousandsCommas(text.trim());
  if (clean === '') return undefined;
  if (!/^-?\d{1,12}$/.test(clean)) {
    errors.push({ column, message: /^-?\d+$/.test(clean) ? `Must be ${formatCount(MAX_STOCK)} or less` : 'Must be a whole number' });
    return undefined;
  }
  return Number(clean);
}

/** Why a price cell is not a price: negative, a decimal comma, too large, or not dollars and cents. */
function priceCellProblem(text: string): string {
  const plain = text.trim().replace(/^\$/, '');
  if (plain.startsWith('-')) return 'Price cannot be negative';
  if (/^\d+,\d{1,2}$/.test(plain)) return `Use a point for the cents: ${plain.replace(',', '.')}`;
  if (/^\d+(\.\d{1,2})?$/.test(withoutThousandsCommas(plain))) return priceTooHigh;
  return 'Price must be in dollars with at most 2 decimals, e.g. 12.50';
}

/**
 * The file as rows of fields, each with the problems of its own cells, and the columns it has
 * that are not the store's (an ERP's helper columns, notes): left out, and named in the answer.
 */
function parseImportFile(text: string): { rows: ParsedRow[]; ignoredColumns: string[] } {
  // PostgreSQL cannot store a NUL, and no spreadsheet writes one: the file is not text.
  if (text.includes('\0'))
    throw new AppError('VALIDATION_FAILED', 'file: The file is not a CSV text file.', { file: 'The file is not a CSV text file.' });
  const parsed = Papa.parse<string[]>(text.startsWith(UTF8_BOM) ? text.slice(1) : text, { skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const line = (quoteError.row ?? 0) + 1;
    throw new AppError('VALIDATION_FAILED', `file: line ${line}: ${quoteError.message}`, { file: `Line ${line}: ${quoteError.message}` });
  }
  const [header, ...rows] = parsed.data;
  if (!header) throw new AppError('VALIDATION_FAILED', 'file: The file is empty.', { file: 'The file is empty.' });
  if (rows.length > IMPORT_MAX_ROWS) {
    const message = `At most ${formatCount(IMPORT_MAX_ROWS)} rows in one import; this file has ${formatCount(rows.length)}.`;
    throw new AppError('VALIDATION_FAILED', `file: ${message}`, { file: message });
  }
  const names = header.map((name) => name.trim().toLowerCase());
  const known = (name: string) => (toolCsvColumns as readonly string[]).includes(name);
  const ignoredColumns = [...new Set(header.map((name) => name.trim()).filter((name) => name !== '' && !known(name.toLowerCase())))];
  const missing = requiredColumns.filter((column) => !names.includes(column));
  const twice = names.filter((name, n) => known(name) && names.indexOf(name) !== n);
  const headerProblem =
    missing.length > 0
      ? `Missing column ${missing.join(', ')}: each row is matched to its product by SKU. The columns are ${toolCsvColumns.join(', ')}.`
      : twice.length > 0
        ? `Column ${twice.join(', ')} is there twice.`
        : null;
  if (headerProblem) throw new AppError('VALIDATION_FAILED', `header: ${headerProblem}`, { header: headerProblem });
  if (rows.length === 0)
    throw new AppError('VALIDATION_FAILED', 'file: The file has no products under its header.', {
      file: 'The file has no products under its header.',
    });

  const parsedRows = rows.map((cells, n) => {
    const cell = (column: ToolCsvColumn): string | undefined => {
      const at = names.indexOf(column);
      return at === -1 ? undefined : cellText(cells[at]);
    };
    const errors: ImportIssue[] = [];
    const fields: Record<string, unknown> = {};
    if (cells.length !== names.length) {
      errors.push({ column: 'row', message: `Has ${cells.length} cells; the header has ${names.length} columns.` });
    }
    for (const [column, field] of [
      ['sku', 'sku'],
      ['name', 'name'],
      ['description', 'description'],
      ['image', 'img'],
      // An empty category is none.
      ['category', 'category'],
    ] as const) {
      const value = cell(column);
      if (value !== undefined) fields[field] = value;
    }
    // No price column: an update keeps the price (a new tool is told it needs one).
    const price = cell('price');
    if (price !== undefined && price.trim() !== '') {
      const cents = csvToCents(price);
      if (cents === null) errors.push({ column: 'price', message: priceCellProblem(price) });
      else fields.priceCents = cents;
    } else if (price !== undefined) errors.push({ column: 'price', message: 'Price is Required' });
    const numbers = [
      ['stock', 'available'],
      ['minimum', 'minimum'],
      ['pack_size', 'packSize'],
      ['max_per_order', 'maxPerOrder'],
      ['low_stock_alert', 'lowStockThreshold'],
    ] as const;
    for (const [column, field] of numbers) {
      const value = cell(column);
      if (value === undefined) continue;
      const number = wholeNumber(value, column, errors);
      if (number !== undefined) fields[field] = number;
      // An empty maximum is "no maximum", an empty alert "no alert"; an empty stock or minimum is missing.
      else if ((column === 'max_per_order' || column === 'low_stock_alert') && value.trim() === '') fields[field] = null;
      else if ((column === 'stock' || column === 'minimum') && value.trim() === '') {
        errors.push({ column, message: column === 'stock' ? 'Stock is Required' : 'Minimum is Required' });
      }
    }
    const breaks = cell('price_breaks');
    if (breaks !== undefined) {
      const value = csvToPriceBreaks(breaks);
      if (typeof value === 'string') errors.push({ column: 'price_breaks', message: value });
      else fields.priceBreaks = value;
    }
    return { line: n + 2, sku: (cell('sku') ?? '').trim(), fields, errors };
  });
  return { rows: parsedRows, ignoredColumns };
}

/** A price break's parts as the file writes them (`10:11.50`: its quantity, then its price). */
const breakPartLabels: Record<string, string> = { minQuantity: 'quantity', unitPriceCents: 'price' };

/** Zod's issues on the columns they are about (price breaks: `price_breaks`, the break's number and part in the message). */
function issuesOf(error: z.ZodError): ImportIssue[] {
  return error.issues.map((issue) => {
    const [field, index, part] = issue.path;
    const column = columnOfField[String(field)] ?? 'row';
    const label = part === undefined ? '' : ` (${breakPartLabels[String(part)] ?? String(part)})`;
    const where = field === 'priceBreaks' && typeof index === 'number' ? `Price break ${index + 1}${label}: ` : '';
    return { column, message: where + issue.message };
  });
}

/** A row's issues in the order of the file's columns (what is about no column, last), as the admin reads the row. */
function inColumnOrder(issues: readonly ImportIssue[]): ImportIssue[] {
  const place = (issue: ImportIssue) => {
    const at = (toolCsvColumns as readonly string[]).indexOf(issue.column);
    return at === -1 ? toolCsvColumns.length : at;
  };
  return [...issues].sort((a, b) => place(a) - place(b));
}

/** Adds an issue unless the same column already has one (a cell's own problem says it first). */
function addIssues(errors: ImportIssue[], more: readonly ImportIssue[]): void {
  for (const issue of more) if (!errors.some((e) => e.column === issue.column)) errors.push(issue);
}

function imageIssue(config: Parameters<typeof missingImage>[0], img: unknown): ImportIssue | null {
  const missing = missingImage(config, img);
  return missing ? { column: 'image', message: missing } : null;
}

const toolFieldsOf = (row: ToolRow) => ({
  name: row.name,
  sku: row.sku,
  description: row.description,
  img: row.img,
  priceCents: row.price_cents,
  minimum: row.minimum,
  priceBreaks: priceBreaksOf(row) as readonly PriceBreak[],
  packSize: row.pack_size,
  maxPerOrder: row.max_per_order,
  lowStockThreshold: row.low_stock_threshold,
  category: row.category,
});

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type ToolFields = ReturnType<typeof toolFieldsOf>;

/** A tool field's value as its CSV cell reads (the dry run shows a change so). */
function cellOf<F extends keyof ToolFields>(field: F, value: ToolFields[F]): string {
  if (field === 'priceCents') return centsToCsv(value as number);
  if (field === 'priceBreaks') return priceBreaksToCsv(value as readonly PriceBreak[]);
  return value === null ? '' : String(value);
}

/** The fields a new product's dry-run row shows (its SKU and stock are shown beside them). */
const CREATE_SHOWN = ['name', 'priceCents', 'minimum', 'packSize', 'maxPerOrder', 'priceBreaks', 'lowStockThreshold', 'category'] as const;

interface Plan {
  result: ImportRowResult;
  tool?: ImportedTool;
  stock?: number;
  /** The tool the row updates, as it was. */
  current?: ToolRow;
}

/** What each row does with the tools as they are in `db` (the import's transaction). */
async function planImport(deps: BulkDeps, db: BulkDeps['db'], rows: readonly ParsedRow[]): Promise<Plan[]> {
  const existing = await findLiveToolsBySkuForUpdate(
    db,
    deps.dialect,
    rows.map((row) => row.sku).filter((sku) => sku !== ''),
  );
  const firstLineOf = new Map<string, number>();
  const spell = categorySpeller(await findCategoryNames(db));
  return rows.map((row): Plan => {
    const errors = [...row.errors];
    const key = row.sku.toLowerCase();
    const seen = firstLineOf.get(key);
    if (key !== '' && seen !== undefined) errors.push({ column: 'sku', message: `The same SKU is on line ${seen} already` });
    else if (key !== '') firstLineOf.set(key, row.line);
    const image = imageIssue(deps.config, row.fields.img);
    if (image) errors.push(image);
    const current = existing.get(key);
    const fail = (): Plan => ({
      result: {
        row: row.line,
        sku: row.sku,
        action: 'error',
        toolId: current?.id ?? null,
        changes: [],
        diff: [],
        stockDelta: 0,
        errors: inColumnOrder(errors),
      },
    });

    if (!current) {
      const parsed = createToolSchema.safeParse(row.fields);
      if (!parsed.success) addIssues(errors, issuesOf(parsed.error));
      if (errors.length > 0 || !parsed.success) return fail();
      const { available, ...fields } = parsed.data;
      const tool = { ...fields, category: spell(fields.category) };
      // What the new product will be, as the file writes it (from nothing): checked before the import.
      const made = { ...tool, maxPerOrder: tool.maxPerOrder ?? null, lowStockThreshold: tool.lowStockThreshold ?? null } as ToolFields;
      const diff = CREATE_SHOWN.filter((field) => cellOf(field, made[field]) !== '').map((field) => ({
        field,
        from: '',
        to: cellOf(field, made[field]),
      }));
      return {
        result: { row: row.line, sku: tool.sku, action: 'create', toolId: null, changes: [], diff, stockDelta: available, errors: [] },
        tool,
        stock: available,
      };
    }

    const before = toolFieldsOf(current);
    // The SKU is the row's key, matched in any case: the file's way of writing it never renames the tool's.
    const parsed = updateRowSchema.safeParse({ ...before, available: current.available, ...row.fields, sku: current.sku });
    if (!parsed.success) addIssues(errors, issuesOf(parsed.error));
    else {
      addIssues(
        errors,
        pricingIssues(parsed.data).map((issue) => ({
          column: columnOfField[String(issue.path[0])] ?? 'row',
          message: (issue.path[0] === 'priceBreaks' ? `Price break ${Number(issue.path[1]) + 1}: ` : '') + issue.message,
        })),
      );
    }
    if (errors.length > 0 || !parsed.success) return fail();
    const { available, ...fields } = parsed.data;
    const tool = { ...fields, category: spell(fields.category) };
    const changes = (Object.keys(before) as Array<keyof typeof before>).filter((field) => !sameValue(before[field], tool[field]));
    const stockDelta = available - current.available;
    const action = changes.length > 0 || stockDelta !== 0 ? 'update' : 'unchanged';
    return {
      result: {
        row: row.line,
        sku: tool.sku,
        action,
        toolId: current.id,
        changes,
        diff: changes.map((field) => ({ field, from: cellOf(field, before[field]), to: cellOf(field, tool[field]) })),
        stockDelta,
        errors: [],
      },
      tool,
      stock: available,
      current,
    };
  });
}

const summaryOf = (dryRun: boolean, rows: ImportRowResult[], ignoredColumns: string[]): ImportResult => ({
  dryRun,
  rows,
  ignoredColumns,
  created: rows.filter((r) => r.action === 'create').length,
  updated: rows.filter((r) => r.action === 'update').length,
  unchanged: rows.filter((r) => r.action === 'unchanged').length,
  errors: rows.filter((r) => r.action === 'error').length,
});

/**
 * `POST /api/tools/import`: rows matched by SKU (any case; the tool keeps its SKU as written) update that tool, the others are new
 * tools. A dry run answers what each row would do and writes nothing. A real import is one
 * transaction: any row with an error and nothing is written (a 400 naming each row and column).
 * The stock column is the stock to have: the difference from the stock as it is in the
 * transaction is a restock or a correction in the stock ledger; pieces held by unpaid orders
 * are not in the stock and stay held.
 */
export async function importTools(deps: BulkDeps, userId: string, text: string, dryRun: boolean): Promise<ImportResult> {
  const { rows, ignoredColumns } = parseImportFile(text);
  if (dryRun)
    return summaryOf(
      true,
      (await planImport(deps, deps.db, rows)).map((plan) => plan.result),
      ignoredColumns,
    );
  let summary: ImportResult;
  try {
    summary = await deps.db.transaction().execute(async (trx) => {
      const plans = await planImport(deps, trx, rows);
      const bad = plans.filter((plan) => plan.result.action === 'error');
      if (bad.length > 0) {
        const fields: Record<string, string> = {};
        for (const plan of bad) {
          for (const issue of plan.result.errors) {
            fields[`row ${plan.result.row}, ${issue.column}`] ??= issue.message;
          }
        }
        const message = `${bad.length} ${bad.length === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`;
        throw new AppError('VALIDATION_FAILED', message, fields);
      }
      // A few hundred rows per statement: the new tools, the updates (a tool changed meanwhile is a
      // conflict, and nothing is written), then the stock moves, the stock alerts and the audit rows.
      const creates = plans.flatMap(({ result, tool, stock }) =>
        result.action === 'create' && tool && stock !== undefined ? [{ result, tool, stock }] : [],
      );
      const created = await insertImportedTools(trx, creates);
      const changes = new Map<ImportRowResult, ToolChange>(
        creates.map(({ result }, i) => [result, { action: 'tool.create', before: null, after: created[i] ?? null }]),
      );
      const moves: StockMove[] = created.map((row) => ({ toolId: row.id, delta: row.available, reason: 'initial' }));
      const updates = plans.flatMap(({ result, tool, current }) =>
        result.action === 'update' && tool && current ? [{ result, tool, current, id: current.id, stockDelta: result.stockDelta }] : [],
      );
      const updated = await updateImportedTools(trx, deps.dialect, updates);
      for (const { result, current } of updates) {
        const after = updated.get(current.id);
        if (!after) {
          throw new AppError('CONFLICT', `row ${result.row}: this tool changed meanwhile; run the import again.`, {
            [`row ${result.row}, stock`]: 'This tool changed meanwhile; run the import again.',
          });
        }
        changes.set(result, { action: result.changes.length > 0 ? 'tool.update' : 'tool.restock', before: current, after });
        if (result.stockDelta !== 0)
          moves.push({ toolId: current.id, delta: result.stockDelta, reason: result.stockDelta > 0 ? 'restock' : 'correction' });
      }
      await insertStockMoves(trx, userId, moves);
      // Back from 0: whoever asked "Email me when it is back" hears of it, once, when the import commits.
      await releaseStockAlerts(
        trx,
        moves.filter((move) => move.reason === 'restock').map((move) => move.toolId),
      );
      // Each product's own change in the audit log, in the file's order, beside the import's summary.
      await auditTools(
        trx,
        userId,
        plans.flatMap(({ result }) => changes.get(result) ?? []),
      );
      const results = plans.map(({ result }) =>
        result.action === 'create' ? { ...result, toolId: changes.get(result)?.after?.id ?? null } : result,
      );
      const done = summaryOf(false, results, ignoredColumns);
      await recordAudit(trx, {
        actorId: userId,
        action: 'tool.import',
        target: {
          type: 'catalog',
          id: 'import',
          label: `${results.length} products: ${done.created} created, ${done.updated} updated`,
        },
        before: null,
        after: { created: done.created, updated: done.updated, unchanged: done.unchanged, rows: results.length },
      });
      return done;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'A SKU of the file was added by someone else meanwhile; run the import again.');
    }
    throw error;
  }
  if (summary.created + summary.updated > 0) deps.catalogCache.clear();
  return summary;
}

/** `GET /api/tools/:id/stock-history`: the ledger newest first, the stock and what unpaid orders hold. */
export async function stockHistory(deps: Pick<ServiceDeps, 'db'>, toolId: number, query: StockHistoryQuery): Promise<StockHistory> {
  const tool = await findToolForHistory(deps.db, toolId);
  if (!tool) throw new AppError('NOT_FOUND', 'This tool was not found.');
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  const [entries, held] = await Promise.all([
    findStockLedger(deps.db, toolId, offset, query.limit + 1),
    heldByUnpaidOrders(deps.db, toolId),
  ]);
  return {
    toolId: tool.id,
    name: tool.name,
    sku: tool.sku,
    available: tool.available,
    heldByUnpaid: held.pieces,
    unpaidOrders: held.orders,
    items: entries.slice(0, query.limit),
    nextCursor: entries.length > query.limit ? String(offset + query.limit) : null,
  };
}
