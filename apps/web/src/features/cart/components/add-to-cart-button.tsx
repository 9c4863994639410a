import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { useCart } from '../api/cart.ts';

/** "Add to cart": adds `quantity` of the tool to the cart (to what is there already), with a link to it. */
export function AddToCartButton({
  toolId,
  quantity,
  disabled = false,
  className = '',
  label,
}: {
  toolId: number;
  quantity: number;
  disabled?: boolean;
  className?: string;
  /** What a screen reader hears where many buttons say "Add to cart" (a card's: which tool, how many). */
  label?: string;
}) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      const left = await cart.add([{ toolId, quantity }]);
      if (left.length > 0) toast.error('Your cart is full (100 lines). Check it out or remove a line first.');
      else
        toast.success(
          <span>
            Added to the cart.{' '}
            <Link href="/cart" className="link font-semibold">
              View cart
            </Link>
          </span>,
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
