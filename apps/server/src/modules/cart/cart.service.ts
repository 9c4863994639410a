import type { CartAnswer, CartUpdate } from '@toolsify/shared/cart';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { findCart, findToolIdsAmong, saveCart } from './cart.repository.ts';

/** What a buyer is told when their change was made to a cart changed since. */
export const CART_CHANGED = 'Your cart was changed on another device or in another tab. It is shown as it is now: make your change again.';

/** The signed-in buyer's cart: its lines only (the cart page applies today's tools, prices and rules), and its version. */
export async function getCart(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<CartAnswer> {
  return findCart(deps.db, userId);
}

/** What a cart line naming no tool at all is told. */
export const NO_SUCH_TOOL = 'No tool has this id.';

/**
 * Replaces the buyer's cart whole (the schema has checked it: at most 100 lines, each tool once;
 * here, each naming a tool: a deleted one stays, for the cart page to flag). With the version it
 * was made from, only if the cart is still that one: a change made elsewhere meanwhile is never
 * overwritten (409).
 */
export async function replaceCart(deps: Pick<ServiceDeps, 'db'>, userId: string, update: CartUpdate): Promise<CartAnswer> {
  const known = await findToolIdsAmong(
    deps.db,
    update.lines.map((line) => line.toolId),
  );
  const unknown = Object.fromEntries(
    update.lines.flatMap((line, n) => (known.has(line.toolId) ? [] : [[`lines.${n}.toolId`, NO_SUCH_TOOL] as const])),
  );
  const [first] = Object.keys(unknown);
  // Said as the schema's refusals say theirs: the field first.
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', `${first}: ${NO_SUCH_TOOL}`, unknown);
  const saved = await saveCart(deps.db, userId, update.lines, update.version);
  if (!saved) throw new AppError('CONFLICT', CART_CHANGED);
  return saved;
}
