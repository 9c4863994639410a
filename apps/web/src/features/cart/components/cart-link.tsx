import { Link } from 'wouter';
import { Icon } from '../../../components/ui/icon.tsx';
import { useCartCount } from '../api/cart-store.ts';

/** The navigation bar's cart: an icon with the number of lines, to /cart. */
export function CartLink({ active }: { active: boolean }) {
  const count = useCartCount();
  return (
    <Link
      href="/cart"
      className={`btn btn-ghost btn-sm relative ${active ? 'bg-primary/10 text-primary' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-testid="cart-link"
    >
      <Icon name="cart" className="h-5 w-5" />
      <span className="sr-only">Cart, {count === 1 ? '1 line' : `${count} lines`}</span>
      {count > 0 && (
        <span className="badge badge-primary badge-xs absolute -top-1 -right-1 min-w-4 px-1" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
