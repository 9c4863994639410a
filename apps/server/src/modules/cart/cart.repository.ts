import type { CartAnswer, CartLine } from '@toolsify/shared/cart';
import { nextVersion, toIso, type Db } from '../../db/schema.ts';

/** The buyer's cart lines and version (the moment it was saved); none and '' until they save a cart. */
export async function findCart(db: Db, userId: string): Promise<CartAnswer> {
  const row = await db.selectFrom('cart').select(['lines', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { lines: JSON.parse(row.lines) as CartLine[], version: toIso(row.updated_at) } : { lines: [], version: '' };
}

/**
 * Replaces the buyer's cart (one row per buyer). With `version`, only the cart of that version
 * ('' for none yet): undefined when it has been saved since (another device, another tab).
 */
export async function saveCart(db: Db, userId: string, lines: readonly CartLine[], version?: string): Promise<CartAnswer | undefined> {
  const stored = lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
  const values = { lines: JSON.stringify(stored), updated_at: nextVersion(version) };
  if (version === undefined) {
    await db
      .insertInto('cart')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  } else {
    const saved =
      version === ''
        ? await db
            .insertInto('cart')
            .values({ user_id: userId, ...values })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .returning('user_id')
            .executeTakeFirst()
        : await db
            .updateTable('cart')
            .set(values)
            .where('user_id', '=', userId)
            .where('updated_at', '=', version)
            .returning('user_id')
            .executeTakeFirst();
    if (!saved) return undefined;
  }
  return { lines: stored, version: values.updated_at };
}

/** Which of `ids` name a tool, deleted or not (a deleted tool may stay in a cart, flagged there). */
export async function findToolIdsAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tool')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
