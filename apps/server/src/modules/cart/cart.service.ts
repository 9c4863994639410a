import type { CartAnswer, CartUpdate } from '@toolsify/shared/cart';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { findCart, saveCart } from './cart.repository.ts';

/** What a buyer is told when their change was made to a cart changed since. */
export const CART_CHANGED = 'Your cart was changed on another device or in another tab. It is shown as it is now: make your change again.';

/** The signed-in buyer's cart: its lines only (the cart page applies today's tools, prices and rules), and its version. */
export async function getCart(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<CartAnswer> {
  return findCart(deps.db, userId);
}

/**
 * Replaces the buyer's cart whole (the schema has checked it: at most 100 lines, each tool once).
 * With the version it was made from, only if the cart is still that one: a change made elsewhere
 * meanwhile is never overwritten (409).
 */
export async function replaceCart(deps: Pick<ServiceDeps, 'db'>, userId: string, update: CartUpdate): Promise<CartAnswer> {
  const saved = await saveCart(deps.db, userId, update.lines, update.version);
  if (!saved) throw new AppError('CONFLICT', CART_CHANGED);
  return saved;
}
