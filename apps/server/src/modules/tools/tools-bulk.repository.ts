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
 * is the stock as it is when it writes.
 */
export async function findLiveToolsBySkuForUpdate(db: Db, dialect: DialectName, skus: readonly string[]): Promise<Map<string, ToolRow>> {
  const bySku = new Map<string, ToolRow>();
  const lower = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  for (let start = 0; start < lower.length; start += 500) {
    const chunk = lower.slice(start, start + 500);
    let query = db
      .selectFrom('tool')
      .select(TOOL_COLUMNS)
      .where('deleted_at', 'is', null)
      .where(sql<string>`lower(sku)`, 'in', chunk);
    if (dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) bySku.set(row.sku.toLowerCase(), row);
  }
  return bySku;
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
}

/** A new tool from an import, and its initial stock entry. */
export async function insertImportedTool(db: Db, userId: string, tool: ImportedTool, stock: number): Promise<ToolRow> {
  const now = nowIso();
  const row = await db
    .insertInto('tool')
    .values({
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
      created_at: now,
      updated_at: now,
    })
    .returning(TOOL_COLUMNS)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_adjustment')
    .values({ tool_id: row.id, delta: stock, reason: 'initial', user_id: userId, created_at: now })
    .execute();
  return row;
}

/**
 * An existing tool as the import row sets it. The stock moves by `stockDelta` from what it is
 * (never set outright), and not below 0; the move is a restock or a correction in the ledger.
 * The tool as it is now; undefined when the tool is gone or the stock would go below 0.
 */
export async function updateImportedTool(
  db: Db,
  userId: string,
  id: number,
  tool: ImportedTool,
  stockDelta: number,
): Promise<ToolRow | undefined> {
  const now = nowIso();
  const updated = await db
    .updateTable('tool')
    .set({
      name: tool.name,
      sku: tool.sku,
      description: tool.description,
      img: tool.img,
      price_cents: tool.priceCents,
      minimum: tool.minimum,
      price_breaks: storedPriceBreaks(tool.priceBreaks),
      pack_size: tool.packSize,
      max_per_order: tool.maxPerOrder,
      available: sql<number>`available + ${stockDelta}`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`available + ${stockDelta} >= 0`)
    .returning(TOOL_COLUMNS)
    .executeTakeFirst();
  if (!updated) return undefined;
  if (stockDelta !== 0) {
    await db
      .insertInto('stock_adjustment')
      .values({ tool_id: id, delta: stockDelta, reason: stockDelta > 0 ? 'restock' : 'correction', user_id: userId, created_at: now })
      .execute();
  }
  return updated;
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
 * with the admin), every order that took pieces (with its buyer and its status now) and every
 * cancellation that gave them back (with who cancelled and why: an expiry is the store's).
 */
export async function findStockLedger(db: Db, toolId: number, offset: number, limit: number): Promise<StockEntry[]> {
  const result = await sql<LedgerRow>`
    select * from (
      select a.reason as kind, a.delta as quantity, a.created_at as at, u.email as by, null as order_id,
             null as note, 1 as tie, a.id as seq
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
