import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { formatCount } from '@toolsify/shared/money';
import { largestOrderable, type QuantityRules } from '@toolsify/shared/pricing';
import { useCart } from '../api/cart.ts';

const withCartLink = (text: ReactNode) => (
  <span>
    {text}{' '}
    <Link href="/cart" className="link font-semibold">
      View cart
    </Link>
  </span>
);

/**
 * "Add to cart": adds `quantity` of the tool to the cart (to what is there already), with a link
 * to it; never past the most one order can take of it (its stock or maximum per order, in whole
 * packs): an add that would go past it adds what fits and says so, and none when the cart holds it all.
 */
export function AddToCartButton({
  toolId,
  quantity,
  rules,
  disabled = false,
  className = '',
  label,
}: {
  toolId: number;
  quantity: number;
  /** The tool's quantity rule: what one order of it may hold. */
  rules: QuantityRules;
  disabled?: boolean;
  className?: string;
  /** What a screen reader hears where many buttons say "Add to cart" (a card's: which tool, how many). */
  label?: string;
}) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const most = largestOrderable(rules);
    const full = (held: number) =>
      toast.error(withCartLink(`Your cart already holds ${formatCount(held)} of this tool, the most one order can take.`), {
        id: 'cart-added',
      });
    // Said at once when this page's cart holds the most already; otherwise capped on the cart as it is when saved.
    const heldHere = cart.lines.find((line) => line.toolId === toolId)?.quantity ?? 0;
    if (heldHere >= most) {
      full(heldHere);
      return;
    }
    setBusy(true);
    try {
      const { added, left } = await cart.add([{ toolId, quantity }], () => most);
      const adding = added[0]?.quantity ?? 0;
      if (left.length > 0) toast.error('Your cart is full (100 lines). Check it out or remove a line first.');
      else if (adding === 0) full(most);
      else
        toast.success(
          withCartLink(
            adding < quantity
              ? `Added ${formatCount(adding)}: your cart now holds ${formatCount(most)} of this tool, the most one order can take.`
              : 'Added to the cart.',
          ),
          { id: 'cart-added' },
        );
    } catch {
      toast.error('Could not add it to the cart. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`btn btn-outline btn-primary ${className}`}
      disabled={disabled || busy}
      onClick={() => void add()}
      aria-label={label}
    >
      Add to cart
    </button>
  );
}
