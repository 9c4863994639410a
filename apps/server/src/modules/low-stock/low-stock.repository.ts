import { nowIso, type Db } from '../../db/schema.ts';
import { lowStockTools } from '../tools/tools.repository.ts';

/** A low tool as the admins' email lists it. */
export interface LowStockLine {
  id: number;
  name: string;
  sku: string;
  available: number;
  threshold: number;
}

/** Rows a statement writes at most (SQLite's limit of bound values is 32,766). */
const CHUNK = 500;

/** Forgets the notices of tools that are no longer low (above their threshold, without one, or deleted): their next fall is told again. */
export async function forgetRestockedNotices(db: Db): Promise<void> {
  await db.deleteFrom('low_stock_notice').where('tool_id', 'not in', lowStockTools(db).select('id')).execute();
}

/** The live tools at or under their threshold that no notice has told of, the emptiest first. */
export async function findUntoldLowStockTools(db: Db): Promise<LowStockLine[]> {
  const rows = await lowStockTools(db)
    .select(['id', 'name', 'sku', 'available', 'low_stock_threshold'])
    .where('id', 'not in', db.selectFrom('low_stock_notice').select('tool_id'))
    .orderBy('available')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    available: row.available,
    threshold: row.low_stock_threshold ?? 0,
  }));
}

/**
 * Records that these tools are being told of, and answers the ids this call recorded: another
 * process checking at the same moment may have recorded some first, and it tells of those.
 */
export async function insertLowStockNotices(db: Db, toolIds: readonly number[]): Promise<Set<number>> {
  const recorded = new Set<number>();
  const now = nowIso();
  for (let i = 0; i < toolIds.length; i += CHUNK) {
    const rows = await db
      .insertInto('low_stock_notice')
      .values(toolIds.slice(i, i + CHUNK).map((id) => ({ tool_id: id, noticed_at: now })))
      .onConflict((oc) => oc.column('tool_id').doNothing())
      .returning('tool_id')
      .execute();
    for (const row of rows) recorded.add(row.tool_id);
  }
  return recorded;
}
