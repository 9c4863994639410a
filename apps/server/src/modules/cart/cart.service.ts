import type { Cart } from '@toolsify/shared/cart';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { findCart, saveCart } from './cart.repository.ts';

/** The signed-in buyer's cart: its lines only (the cart page applies today's tools, prices and rules). */
export async function getCart(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<Cart> {
  return findCart(deps.db, userId);
}

/** Replaces the buyer's cart whole (the schema has checked it: at most 100 lines, each tool once). */
export async function replaceCart(deps: Pick<ServiceDeps, 'db'>, userId: string, cart: Cart): Promise<Cart> {
  return saveCart(deps.db, userId, cart);
}
