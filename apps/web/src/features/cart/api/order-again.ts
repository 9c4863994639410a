import { useLocation } from 'wouter';
import { toast } from 'react-hot-toast';
import { MAX_CART_LINES } from '@toolsify/shared/cart-lines';
import { formatCount } from '@toolsify/shared/money';
import type { OrderLine } from '@toolsify/shared/orders';
import { useCart } from './cart.ts';
import { goneToolName, lookupToolIds } from './lookup-tools.ts';

/** A line to put in the cart, with its name for the toast when it is no longer sold (a saved list keeps none). */
interface SourceLine {
  toolId: number;
  quantity: number;
  name?: string;
}

/**
 * The store's answer for the lines' tools (read in one request): the lines whose tools it still
 * sells, and the others, each named as it was sold when the line has no name (a saved list's).
 */
async function splitBySold(lines: readonly SourceLine[]): Promise<{ sold: SourceLine[]; gone: SourceLine[] }> {
  const lookup = await lookupToolIds(lines.map((line) => line.toolId));
  const sold = lines.filter((line) => lookup.live.has(line.toolId));
  const gone = lines
    .filter((line) => !lookup.live.has(line.toolId))
    .map((line) => (line.name === undefined && lookup.gone.has(line.toolId) ? { ...line, name: goneToolName(lookup, line.toolId) } : line));
  return { sold, gone };
}

/** "Claw Hammer 16 oz (TF-CH16)", "… and 2 more"; "2 tools" when they have no names. */
function named(lines: readonly SourceLine[]): string {
  const [first] = lines;
  if (!first) return '';
  if (first.name === undefined) return lines.length === 1 ? '1 tool' : `${formatCount(lines.length)} tools`;
  const more = lines.length - 1;
  return `${first.name}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
}

/**
 * Puts lines into the cart (an order's for Order again, a saved list's) and takes the buyer to
 * it, where today's prices and rules apply and anything no longer possible is flagged. A tool the
 * store no longer sells is left out and named (in the cart it could only be an unknown line to
 * remove); a line of a tool the cart holds already adds its pieces to that line, and the buyer
 * is told so. `label` starts the toast: "Order #12", "Site kit".
 */
export function useFillCart(): (source: { label: string; lines: readonly SourceLine[] }) => void {
  const cart = useCart();
  const [, navigate] = useLocation();
  return ({ label, lines }) =>
    void (async () => {
      const { sold: again, gone } = await splitBySold(lines);
      const inCart = new Set(cart.lines.map((line) => line.toolId));
      const joined = again.filter((line) => inCart.has(line.toolId)).length;
      const { left } = await cart.add(again.map((line) => ({ toolId: line.toolId, quantity: line.quantity })));
      if (gone.length > 0) toast.error(`No longer sold, not added: ${named(gone)}.`, { duration: 8_000 });
      // New lines, and the pieces of tools the cart held already (their lines grow; none of them is left out).
      const fresh = again.length - left.length - joined;
      const said = [
        fresh > 0 ? `${fresh === 1 ? '1 line' : `${formatCount(fresh)} lines`} added to your cart` : '',
        joined > 0
          ? `the pieces of ${joined === 1 ? '1 tool' : `${formatCount(joined)} tools`} ${fresh > 0 ? 'it' : 'your cart'} held already went onto ${joined === 1 ? 'its line' : 'their lines'}`
          : '',
      ].filter(Boolean);
      if (said.length > 0) toast.success(`${label}: ${said.join('; ')}.`);
      if (left.length > 0)
        toast.error(
          `${left.length === 1 ? '1 line' : `${formatCount(left.length)} lines`} did not fit: a cart holds ${MAX_CART_LINES} lines.`,
        );
      navigate('~/cart');
    })().catch(() => toast.error('Could not add to the cart. Please try again.'));
}

/** Order again: an order's lines into the cart (useFillCart), each named by its tool and SKU. */
export function useOrderAgain(): (order: { id: number; lines: readonly OrderLine[] }) => void {
  const fill = useFillCart();
  return (order) =>
    fill({
      label: `Order #${order.id}`,
      lines: order.lines.map((line) => ({ toolId: line.toolId, quantity: line.quantity, name: `${line.tool} (${line.sku})` })),
    });
}
