import { useLocation } from 'wouter';
import { toast } from 'react-hot-toast';
import { MAX_CART_LINES } from '@toolsify/shared/cart-lines';
import { formatCount } from '@toolsify/shared/money';
import type { OrderLine } from '@toolsify/shared/orders';
import { useCart } from './cart.ts';
import { lookupToolIds } from './lookup-tools.ts';

/** The lines of an order whose tools are no longer sold (left out of the store's answer, read in one request). */
async function linesNoLongerSold(lines: readonly OrderLine[]): Promise<Set<OrderLine>> {
  const live = await lookupToolIds(lines.map((line) => line.toolId));
  return new Set(lines.filter((line) => !live.has(line.toolId)));
}

/** "Claw Hammer 16 oz (TF-CH16)", "… and 2 more". */
function named(lines: readonly OrderLine[]): string {
  const [first] = lines;
  if (!first) return '';
  const more = lines.length - 1;
  return `${first.tool} (${first.sku})${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
}

/**
 * Order again: an order's lines go into the cart and the buyer goes to it, where today's prices
 * and rules apply and anything no longer possible is flagged. A tool the store no longer sells
 * is left out and named (in the cart it could only be an unknown line to remove); a line of a
 * tool the cart holds already adds its pieces to that line, and the buyer is told so.
 */
export function useOrderAgain(): (order: { id: number; lines: readonly OrderLine[] }) => void {
  const cart = useCart();
  const [, navigate] = useLocation();
  return (order) =>
    void (async () => {
      const gone = await linesNoLongerSold(order.lines);
      const again = order.lines.filter((line) => !gone.has(line));
      const inCart = new Set(cart.lines.map((line) => line.toolId));
      const joined = again.filter((line) => inCart.has(line.toolId)).length;
      const left = await cart.add(again.map((line) => ({ toolId: line.toolId, quantity: line.quantity })));
      if (gone.size > 0) toast.error(`No longer sold, not added: ${named([...gone])}.`, { duration: 8_000 });
      const added = again.length - left.length;
      if (added > 0) {
        const lines = added === 1 ? '1 line' : `${formatCount(added)} lines`;
        const note =
          joined > 0
            ? ` (${joined === 1 ? 'one tool was' : `${formatCount(joined)} tools were`} in it already: the pieces are added to its line)`
            : '';
        toast.success(`Order #${order.id}: ${lines} added to your cart${note}.`);
      }
      if (left.length > 0)
        toast.error(
          `${left.length === 1 ? '1 line' : `${formatCount(left.length)} lines`} did not fit: a cart holds ${MAX_CART_LINES} lines.`,
        );
      navigate('~/cart');
    })().catch(() => toast.error('Could not add the order to the cart. Please try again.'));
}
