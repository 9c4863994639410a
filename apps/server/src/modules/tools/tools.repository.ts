import type { Tool } from '@toolsify/shared/tools';
import { nowIso, toIso, type ToolRow, type Db } from '../../db/schema.ts';

export function toTool(row: ToolRow): Tool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    priceCents: row.price_cents,
    available: row.available,
    minimum: row.minimum,
    createdAt: toIso(row.created_at),
  };
}

/** Live tools, newest first, `limit` after the cursor (an id). */
export async function findToolsPage(db: Db, { limit, cursor }: { limit: number; cursor?: number | undefined }): Promise<ToolRow[]> {
  let query = db.selectFrom('tool').selectAll().where('deleted_at', 'is', null);
  if (cursor !== undefined) query = query.where('id', '<', cursor);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function findToolById(db: Db, id: number): Promise<ToolRow | undefined> {
  return db.selectFrom('tool').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export interface NewToolInput {
  name: string;
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
      description: input.description,
      img: input.img,
      price_cents: input.priceCents,
      available: input.available,
      minimum: input.minimum,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_adjustment')
    .values({ tool_id: row.id, delta: input.available, reason: 'initial', user_id: userId, created_at: now })
    .execute();
  return row;
}

export interface ToolChanges {
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
  const { description, priceCents, minimum, stockDelta } = changes;
  let query = db
    .updateTable('tool')
    .set((eb) => ({
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
  return query.returningAll().executeTakeFirst();
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
    .returningAll()
    .executeTakeFirst();
}

export async function countTools(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
