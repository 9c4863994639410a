import type { Tool } from '@toolsify/shared/tools';
import { sql } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, toIso, TOOL_COLUMNS, type ToolRow, type Db } from '../../db/schema.ts';

export function toTool(row: ToolRow): Tool {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    img: row.img,
    priceCents: row.price_cents,
    available: row.available,
    minimum: row.minimum,
    createdAt: toIso(row.created_at),
  };
}

/** A page of the catalog is read after the key of the last tool of the page before. */
export type CatalogKey =
  | { sort: 'newest'; id: number }
  | { sort: 'price_asc' | 'price_desc'; price: number; id: number }
  | { sort: 'name'; name: string; id: number }
  | { sort: 'relevance'; exact: number; score: number; id: number };

export interface CatalogFilter {
  /** Search words (see searchWords); none: the whole catalog. */
  words: string[];
  /** The search text as typed: a tool whose SKU is exactly this comes first. */
  text: string;
  inStock: boolean;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

export interface CatalogRow extends ToolRow {
  /** relevance only: 1 for an exact SKU match, and how well the words match (higher is better). */
  exact?: number;
  score?: number;
}

/**
 * The live tools that pass the filter, as one query the sort and the count build on. With
 * search words it joins the database's full-text index: SQLite's FTS5 table (bm25, name and
 * SKU weighing 10 times the description) or PostgreSQL's `search` tsvector (ts_rank, name and
 * SKU weight A, description C). Every word matches as a prefix, all words must match.
 */
function catalogQuery(db: Db, dialect: DialectName, filter: CatalogFilter) {
  let query = db.selectFrom('tool as t').where('t.deleted_at', 'is', null);
  if (filter.words.length > 0) {
    if (dialect === 'sqlite') {
      const match = filter.words.map((word) => `"${word}"*`).join(' ');
      query = query.innerJoin(sql<{ rowid: number }>`tool_fts`.as('tool_fts'), (join) =>
        join.on(sql`tool_fts.rowid`, '=', sql.ref('t.id')),
      );
      query = query.where(sql<boolean>`tool_fts match ${match}`);
    } else {
      const match = filter.words.map((word) => `${word}:*`).join(' & ');
      query = query.where(sql<boolean>`t.search @@ to_tsquery('simple', tool_search_unaccent(${match}))`);
    }
  }
  if (filter.inStock) query = query.where('t.available', '>', 0);
  if (filter.minPrice !== undefined) query = query.where('t.price_cents', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) query = query.where('t.price_cents', '<=', filter.maxPrice);
  return query;
}

/** How well a tool matches the search words (higher is better), in the query built above. */
function scoreOf(dialect: DialectName, words: string[]) {
  if (dialect === 'sqlite') return sql<number>`-bm25(tool_fts, 10.0, 10.0, 1.0)`;
  const match = words.map((word) => `${word}:*`).join(' & ');
  return sql<number>`ts_rank(t.search, to_tsquery('simple', tool_search_unaccent(${match})))::float8`;
}

const toolColumns = TOOL_COLUMNS.map((column) => `t.${column}` as const);

/**
 * One page of live tools that pass the filter, in the key's sort, after `after`: `limit` rows.
 * Every sort ends with the id, so the order is total and a page never repeats or skips a tool.
 */
export async function findCatalogPage(
  db: Db,
  dialect: DialectName,
  filter: CatalogFilter,
  sort: CatalogKey['sort'],
  after: CatalogKey | undefined,
  limit: number,
): Promise<CatalogRow[]> {
  const base = catalogQuery(db, dialect, filter).select(toolColumns);
  switch (sort) {
    case 'newest': {
      let query = base;
      if (after?.sort === 'newest') query = query.where('t.id', '<', after.id);
      return query.orderBy('t.id', 'desc').limit(limit).execute();
    }
    case 'price_asc':
    case 'price_desc': {
      let query = base;
      if (after?.sort === sort) {
        const op = sort === 'price_asc' ? '>' : '<';
        query = query.where((eb) => eb(eb.refTuple('t.price_cents', 't.id'), op, eb.tuple(after.price, after.id)));
      }
      const direction = sort === 'price_asc' ? 'asc' : 'desc';
      return query.orderBy('t.price_cents', direction).orderBy('t.id', direction).limit(limit).execute();
    }
    case 'name': {
      let query = base;
      if (after?.sort === 'name') query = query.where(sql<boolean>`(lower(t.name), t.id) > (${after.name}, ${after.id})`);
      return query
        .orderBy(sql`lower(t.name)`)
        .orderBy('t.id')
        .limit(limit)
        .execute();
    }
    case 'relevance': {
      const scored = base
        .select(scoreOf(dialect, filter.words).as('score'))
        .select(sql<number>`case when lower(t.sku) = lower(${filter.text}) then 1 else 0 end`.as('exact'));
      let query = db.selectFrom(scored.as('s')).selectAll();
      if (after?.sort === 'relevance') {
        query = query.where(sql<boolean>`(s.exact, s.score, s.id) < (${after.exact}, ${after.score}, ${after.id})`);
      }
      return query.orderBy('s.exact', 'desc').orderBy('s.score', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
    }
  }
}

/** How many live tools pass the filter. */
export async function countCatalog(db: Db, dialect: DialectName, filter: CatalogFilter): Promise<number> {
  const row = await catalogQuery(db, dialect, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findToolById(db: Db, id: number): Promise<ToolRow | undefined> {
  return db.selectFrom('tool').select(TOOL_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The live tools' ids and last changes, in id order, after `afterId` (up to `upToId`): what the sitemap lists. */
export async function findSitemapEntries(
  db: Db,
  afterId: number,
  limit: number,
  upToId?: number,
): Promise<Array<{ id: number; updatedAt: string }>> {
  let query = db.selectFrom('tool').select(['id', 'updated_at']).where('deleted_at', 'is', null).where('id', '>', afterId);
  if (upToId !== undefined) query = query.where('id', '<=', upToId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, updatedAt: toIso(row.updated_at) }));
}

/** The highest tool id ever given (0 for an empty catalog). */
export async function maxToolId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tool')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** Whether a live tool other than `exceptId` has this SKU, in any case. */
export async function skuIsTaken(db: Db, sku: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('tool')
    .select('id')
    .where(sql<boolean>`lower(sku) = lower(${sku})`)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewToolInput {
  name: string;
  sku: string;
  description: string;
  img: string;
  priceCents: number;
  available: number;
  minimum: number;
}

/** Inserts a tool and records its initial stock as an adjustment (the stock ledger's start). */
export async function insertTool(db: Db, input: NewToolInput, userId: string | null = null): Promise<ToolRow> {
  const now = nowIso();
  const row = await db
    .insertInto('tool')
    .values({
      name: input.name,
      sku: input.sku,
      description: input.description,
      img: input.img,
      price_cents: input.priceCents,
      available: input.available,
      minimum: input.minimum,
      created_at: now,
      updated_at: now,
    })
    .returning(TOOL_COLUMNS)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_adjustment')
    .values({ tool_id: row.id, delta: input.available, reason: 'initial', user_id: userId, created_at: now })
    .execute();
  return row;
}

export interface ToolChanges {
  sku?: string | undefined;
  description?: string | undefined;
  priceCents?: number | undefined;
  minimum?: number | undefined;
  /** Added to the stock as it is at the moment of the update (negative removes). */
  stockDelta: number;
}

/**
 * Applies an admin's edit in one conditional statement: the stock moves by a delta relative
 * to its current value (so orders placed meanwhile are never lost), never below 0, and a new
 * minimum must fit the resulting stock. Answers undefined when the tool is gone or a
 * condition fails; the caller tells which.
 */
export async function updateToolIfConsistent(db: Db, id: number, changes: ToolChanges): Promise<ToolRow | undefined> {
  const { sku, description, priceCents, minimum, stockDelta } = changes;
  let query = db
    .updateTable('tool')
    .set((eb) => ({
      ...(sku !== undefined ? { sku } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(priceCents !== undefined ? { price_cents: priceCents } : {}),
      ...(minimum !== undefined ? { minimum } : {}),
      ...(stockDelta !== 0 ? { available: eb('available', '+', stockDelta) } : {}),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (stockDelta < 0) query = query.where('available', '>=', -stockDelta);
  if (minimum !== undefined) {
    query = query.where((eb) => eb.or([eb('minimum', '=', minimum), eb(eb('available', '+', stockDelta), '>=', minimum)]));
  }
  return query.returning(TOOL_COLUMNS).executeTakeFirst();
}

export async function insertStockAdjustment(
  db: Db,
  adjustment: { toolId: number; delta: number; reason: 'restock' | 'correction'; userId: string | null },
): Promise<void> {
  await db
    .insertInto('stock_adjustment')
    .values({
      tool_id: adjustment.toolId,
      delta: adjustment.delta,
      reason: adjustment.reason,
      user_id: adjustment.userId,
      created_at: nowIso(),
    })
    .execute();
}

/** Takes a tool out of the catalog; the row stays, so orders keep pointing at it. */
export async function softDeleteTool(db: Db, id: number): Promise<ToolRow | undefined> {
  const now = nowIso();
  return db
    .updateTable('tool')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(TOOL_COLUMNS)
    .executeTakeFirst();
}

export async function countTools(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
