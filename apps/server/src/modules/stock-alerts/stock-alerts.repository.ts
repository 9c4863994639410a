import { sql } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, type Db } from '../../db/schema.ts';

/** How many outbox rows (and deletions) one statement writes: well under both databases' parameter limits. */
const CHUNK = 500;

/** The key that makes one subscription's email exist once. */
export function backInStockMailKey(alertId: number): string {
  return `back_in_stock:${alertId}`;
}

/**
 * The tool's stock and whether it is live, read for a subscription in the caller's transaction.
 * On PostgreSQL the row is locked (FOR SHARE) until the transaction ends: a restock waits for the
 * subscription to be written and then sees it, or the subscription sees the restocked tool.
 */
export async function findToolStockForAlert(
  db: Db,
  dialect: DialectName,
  toolId: number,
): Promise<{ id: number; available: number; minimum: number; name: string } | undefined> {
  const lock = dialect === 'postgres' ? sql`for share` : sql``;
  const result = await sql<{ id: number; available: number; minimum: number; name: string }>`
    select id, available, minimum, name from tool where id = ${toolId} and deleted_at is null ${lock}`.execute(db);
  return result.rows[0];
}

/** Subscribes `userId` to `toolId` (again: nothing changes). */
export async function insertStockAlert(db: Db, toolId: number, userId: string): Promise<void> {
  await db
    .insertInto('stock_alert')
    .values({ tool_id: toolId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['tool_id', 'user_id']).doNothing())
    .execute();
}

/** Stops `userId`'s alert for `toolId`; answers whether there was one. */
export async function deleteStockAlert(db: Db, toolId: number, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('stock_alert').where('tool_id', '=', toolId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a live tool has this id. */
export async function liveToolExists(db: Db, toolId: number): Promise<boolean> {
  const row = await db.selectFrom('tool').select('id').where('id', '=', toolId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function countStockAlertsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_alert')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The live tools `userId` waits for, newest subscription first. */
export async function findStockAlertToolIdsOf(db: Db, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('stock_alert as s')
    .innerJoin('tool as t', 't.id', 's.tool_id')
    .select('s.tool_id')
    .where('s.user_id', '=', userId)
    .where('t.deleted_at', 'is', null)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.tool_id);
}

/**
 * THE hook of every change that raises a tool's stock (a restock or correction by an admin, a
 * cancelled or expired order's stock returned; an import must call it too), in the change's
 * transaction, after the stock moved: for each of `toolIds` that is live and in stock now, every
 * subscription becomes a "back in stock" email in the outbox and is deleted. So each subscriber
 * hears of it once; a subscriber whose account was removed hears nothing. Subscriptions exist
 * only while a tool cannot be ordered (see subscribeToStockAlert), so "its minimum in stock now"
 * is "back": a restock of fewer pieces than the minimum order mails no one.
 */
export async function releaseStockAlerts(db: Db, toolIds: readonly number[]): Promise<number> {
  const ids = [...new Set(toolIds)];
  if (ids.length === 0) return 0;
  const due = await db
    .selectFrom('stock_alert as s')
    .innerJoin('tool as t', 't.id', 's.tool_id')
    .leftJoin('user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.tool_id', 't.name as tool_name', 'u.email', 'u.name as user_name', 'u.deletedAt as user_deleted_at'])
    .where('s.tool_id', 'in', ids)
    .whereRef('t.available', '>=', 't.minimum')
    .where('t.deleted_at', 'is', null)
    .orderBy('s.id')
    .execute();
  if (due.length === 0) return 0;
  const now = nowIso();
  const mails = due
    .filter((row) => row.email !== null && row.user_deleted_at === null)
    .map((row) => ({
      kind: 'back_in_stock',
      recipient: row.email ?? '',
      order_id: null,
      payload: JSON.stringify({ toolId: row.tool_id, tool: row.tool_name, name: row.user_name ?? '' }),
      dedupe_key: backInStockMailKey(row.id),
      created_at: now,
      next_attempt_at: now,
    }));
  for (let i = 0; i < mails.length; i += CHUNK) {
    await db
      .insertInto('outbox')
      .values(mails.slice(i, i + CHUNK))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }
  const alertIds = due.map((row) => row.id);
  for (let i = 0; i < alertIds.length; i += CHUNK) {
    await db
      .deleteFrom('stock_alert')
      .where('id', 'in', alertIds.slice(i, i + CHUNK))
      .execute();
  }
  return mails.length;
}
