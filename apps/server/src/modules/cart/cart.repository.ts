import type { Cart } from '@toolsify/shared/cart';
import { nowIso, type Db } from '../../db/schema.ts';

/** The buyer's cart lines; none until they save a cart. */
export async function findCart(db: Db, userId: string): Promise<Cart> {
  const row = await db.selectFrom('cart').select('lines').where('user_id', '=', userId).executeTakeFirst();
  return { lines: row ? (JSON.parse(row.lines) as Cart['lines']) : [] };
}

/** Replaces the buyer's cart (one row per buyer). */
export async function saveCart(db: Db, userId: string, cart: Cart): Promise<Cart> {
  const lines = cart.lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
  const values = { lines: JSON.stringify(lines), updated_at: nowIso() };
  await db
    .insertInto('cart')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { lines };
}
