import { sql } from 'kysely';
import type { PriceBreak } from '@toolsify/shared/pricing';
import type { StockEntry, StockEntryKind } from '@toolsify/shared/tools-bulk';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, toIso, TOOL_COLUMNS, type Db, type ToolRow } from '../../db/schema.ts';
import { storedPriceBreaks } from './tools.repository.ts';

/** Live tools, by id, a page at a time (the export reads them so, never all at once). */
export async function findLiveToolsAfter(db: Db, afterId: number, limit: number): Promise<ToolRow[]> {
  return db
    .selectFrom('tool')
    .select(TOOL_COLUMNS)
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The live tools whose SKU is one of these (any case), keyed by the lower-case SKU. On
 * PostgreSQL the rows are locked until the transaction ends, so the stock an import moves from
 * is the stock as it is when it writes: all in one statement, in id order and FOR NO KEY
 * UPDATE, as placing an order and a cancel lock their tools, so an import never deadlocks with
 * them (rows locked a chunk of SKUs at a time would be in no order across chunks).
 */
export async function findLiveToolsBySkuForUpdate(db: Db, dialect: DialectName, skus: readonly string[]): Promise<Map<string, ToolRow>> {
  const lower = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  const chunks = Array.from({ length: Math.ceil(lower.length / 500) }, (_, i) => lower.slice(i * 500, (i + 1) * 500));
  const live = () => db.selectFrom('tool').where('deleted_at', 'is', null);
  const bySkus = (chunk: string[]) => live().where(sql<string>`lower(sku)`, 'in', chunk);
  const rows: ToolRow[] = [];
  if (dialect === 'postgres') {
    const ids: number[] = [];
    for (const chunk of chunks) for (const { id } of await bySkus(chunk).select('id').execute()) ids.push(id);
    // A locking read answers each row as it is once locked.
    const locked = live()
      .select(TOOL_COLUMNS)
      .where(sql<boolean>`id = any(${ids}::integer[])`)
      .orderBy('id')
      .forNoKeyUpdate();
    if (ids.length > 0) rows.push(...(await locked.execute()));
  } else {
    for (const chunk of chunks) rows.push(...(await bySkus(chunk).select(TOOL_COLUMNS).execute()));
  }
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}

export interface ImportedTool {
  name: string;
  sku: string;
  description: string;
  img: string;
  priceCents: number;
  minimum: number;
  priceBreaks: readonly PriceBreak[];
  packSize: number;
  maxPerOrder: number | null;
  lowStockThreshold: number | null;
  category: string | null;
}

/**
 * Rows an import writes per statement: its new tools (13 bound values each) and its ledger
 * entries, well under both databases' limits on bound values. One statement per row cost
 * PostgreSQL a round trip and a statement's overhead each (10,000 new tools: 30 s).
 */
const ROWS_PER_INSERT = 500;

/** The import's new tools, a few hundred per statement, as stored, in the order given. */
export async function insertImportedTools(db: Db, tools: ReadonlyArray<{ tool: ImportedTool; stock: number }>): Promise<ToolRow[]> {
  const now = nowIso();
  const stored: ToolRow[] = [];
  for (let start = 0; start < tools.length; start += ROWS_PER_INSERT) {
    const chunk = tools.slice(start, start + ROWS_PER_INSERT);
    const rows = await db
      .insertInto('tool')
      .values(
        chunk.map(({ tool, stock }) => ({
          name: tool.name,
          sku: tool.sku,
          description: tool.description,
          img: tool.img,
          price_cents: tool.priceCents,
          available: stock,
          minimum: tool.minimum,
          price_breaks: storedPriceBreaks(tool.priceBreaks),
          pack_size: tool.packSize,
          max_per_order: tool.maxPerOrder,
          low_stock_threshold: tool.lowStockThreshold,
          category: tool.category,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(TOOL_COLUMNS)
      .execute();
    // Neither database promises RETURNING in the order of VALUES: each is found by its SKU,
    // unique among the live tools in any case (the insert would have failed otherwise).
    const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
    for (const { tool } of chunk) {
      const row = bySku.get(tool.sku.toLowerCase());
      if (!row) throw new Error(`The new tool ${tool.sku} was not returned by its insert.`);
      stored.push(row);
    }
  }
  return stored;
}

/** An existing tool as an import row sets it, and the move of its stock. */
export interface ImportedUpdate {
  id: number;
  tool: ImportedTool;
  stockDelta: number;
}

/**
 * Existing tools as the import's rows set them, a few hundred per statement (the rows as one JSON
 * value, read as a table by the database). Each stock moves by its `stockDelta` from what it is
 * (never set outright), and not below 0 (each move goes to the ledger with insertStockMoves).
 * Answers the tools updated, as they are now, by id: a tool missing from it was gone or its
 * stock would have gone below 0, and nothing of it was changed.
 */
export async function updateImportedTools(db: Db, dialect: DialectName, updates: readonly ImportedUpdate[]): Promise<Map<number, ToolRow>> {
  const now = nowIso();
  const updated = new Map<number, ToolRow>();
  // PostgreSQL's RETURNING names the updated table's columns by its alias (v has some of the same
  // names); SQLite's names only that table's, never by an alias.
  const returned = sql.join(TOOL_COLUMNS.map((column) => sql.ref(dialect === 'postgres' ? `t.${column}` : column)));
  for (let start = 0; start < updates.length; start += ROWS_PER_INSERT) {
    const rows = JSON.stringify(
      updates.slice(start, start + ROWS_PER_INSERT).map(({ id, tool, stockDelta }) => ({
        id,
        name: tool.name,
        sku: tool.sku,
        description: tool.description,
        img: tool.img,
        price_cents: tool.priceCents,
        minimum: tool.minimum,
        // As storedPriceBreaks writes them: the two fields, in order (SQLite keeps the JSON text).
        price_breaks: tool.priceBreaks.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
        pack_size: tool.packSize,
        max_per_order: tool.maxPerOrder,
        low_stock_threshold: tool.lowStockThreshold,
        category: tool.category,
        delta: stockDelta,
      })),
    );
    const source =
      dialect === 'postgres'
        ? sql`jsonb_to_recordset(${rows}::jsonb) as v(id integer, name text, sku text, description text, img text,
            price_cents integer, minimum integer, price_breaks jsonb, pack_size integer, max_per_order integer,
            low_stock_threshold integer, category text, delta integer)`
        : sql`(select value ->> 'id' as id, value ->> 'name' as name, value ->> 'sku' as sku,
            value ->> 'description' as description, value ->> 'img' as img, value ->> 'price_cents' as price_cents,
            value ->> 'minimum' as minimum, value ->> 'price_breaks' as price_breaks, value ->> 'pack_size' as pack_size,
            value ->> 'max_per_order' as max_per_order, value ->> 'low_stock_threshold' as low_stock_threshold,
            value ->> 'category' as category, value ->> 'delta' as delta from json_each(${rows})) as v`;
    const result = await sql<ToolRow>`
      update tool as t set name = v.name, sku = v.sku, description = v.description, img = v.img,
        price_cents = v.price_cents, minimum = v.minimum, price_breaks = v.price_breaks, pack_size = v.pack_size,
        max_per_order = v.max_per_order, low_stock_threshold = v.low_stock_threshold, category = v.category,
        available = t.available + v.delta,
        updated_at = ${now}
      from ${source}
      where t.id = v.id and t.deleted_at is null and t.available + v.delta >= 0
      returning ${returned}`.execute(db);
    for (const row of result.rows) updated.set(row.id, row);
  }
  return updated;
}

/** A move of a tool's stock by an admin: a new tool's stock, a restock (up) or a correction (down). */
export interface StockMove {
  toolId: number;
  delta: number;
  reason: 'initial' | 'restock' | 'correction';
}

/** What the stock history says under an import's moves. */
export const IMPORT_NOTE = 'CSV import';

/** An import's stock moves into the ledger (`stock_adjustment`), by `userId`, noted IMPORT_NOTE, a few hundred per statement. */
export async function insertStockMoves(db: Db, userId: string, moves: readonly StockMove[]): Promise<void> {
  const now = nowIso();
  for (let start = 0; start < moves.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('stock_adjustment')
      .values(
        moves.slice(start, start + ROWS_PER_INSERT).map((move) => ({
          tool_id: move.toolId,
          delta: move.delta,
          reason: move.reason,
          user_id: userId,
          created_at: now,
          note: IMPORT_NOTE,
        })),
      )
      .execute();
  }
}

export async function findToolForHistory(db: Db, id: number): Promise<Pick<ToolRow, 'id' | 'name' | 'sku' | 'available'> | undefined> {
  return db
    .selectFrom('tool')
    .select(['id', 'name', 'sku', 'available'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Pieces of the tool taken by unpaid orders, and how many orders hold them. */
export async function heldByUnpaidOrders(db: Db, toolId: number): Promise<{ pieces: number; orders: number }> {
  const row = await db
    .selectFrom('order_line as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('l.quantity'), sql<number>`0`).as('pieces'),
      sql<number>`count(distinct o.id)`.as('orders'),
    ])
    .where('l.tool_id', '=', toolId)
    .where('o.status', '=', 'unpaid')
    .executeTakeFirstOrThrow();
  return { pieces: Number(row.pieces), orders: Number(row.orders) };
}

interface LedgerRow {
  kind: StockEntryKind;
  quantity: number | string;
  at: string | Date;
  by: string | null;
  order_id: number | null;
  note: string | null;
}

/**
 * The tool's stock ledger, newest first: every stock adjustment (initial, restock, correction,
 * with the admin, and "CSV import" under an import's), every order that took pieces (with its buyer and its status now) and every
 * cancellation that gave them back (with who cancelled and why: an expiry is the store's).
 */
export async function findStockLedger(db: Db, toolId: number, offset: number, limit: number): Promise<StockEntry[]> {
  const result = await sql<LedgerRow>`
    select * from (
      select a.reason as kind, a.delta as quantity, a.created_at as at, u.email as by, null as order_id,
             a.note as note, 1 as tie, a.id as seq
        from stock_adjustment a left join "user" u on u.id = a.user_id
       where a.tool_id = ${toolId}
      union all
      select 'order' as kind, -sum(l.quantity) as quantity, o.created_at as at, o.buyer_email as by, o.id as order_id,
             o.status as note, 2 as tie, o.id as seq
        from order_line l join orders o on o.id = l.order_id
       where l.tool_id = ${toolId}
       group by o.id, o.created_at, o.buyer_email, o.status
      union all
      select 'cancel' as kind, sum(l.quantity) as quantity, o.cancelled_at as at,
             (select u.email from order_event e left join "user" u on u.id = e.actor_id
               where e.order_id = o.id and e.kind = 'cancelled' order by e.id desc limit 1) as by,
             o.id as order_id,
             (select e.note from order_event e
               where e.order_id = o.id and e.kind = 'cancelled' order by e.id desc limit 1) as note,
             3 as tie, o.id as seq
        from order_line l join orders o on o.id = l.order_id
       where l.tool_id = ${toolId} and o.status = 'cancelled' and o.cancelled_at is not null
       group by o.id, o.cancelled_at
    ) ledger
    order by at desc, tie desc, seq desc
    limit ${limit} offset ${offset}
  `.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    quantity: Number(row.quantity),
    at: toIso(row.at),
    by: row.by,
    orderId: row.order_id === null ? null : Number(row.order_id),
    note: row.note,
  }));
}
