import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useOrderAgain } from '../../../features/cart/api/order-again.ts';
import type { Order } from '@toolsify/shared/orders';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStoreConfig } from '../../../lib/store-config.ts';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

/** "Unpaid orders are cancelled after 3 days, ...": the store's UNPAID_ORDER_TTL_HOURS in words. */
function unpaidOrderPolicy(hours: number): string {
  const span = hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `Unpaid orders are cancelled after ${span}, and their pieces go back in stock.`;
}

/**
 * My Orders: the user's orders with Pay and Cancel while unpaid, then Paid or Shipped; Order
 * again on each. "Show cancelled" (held in the URL) adds the cancelled ones, each saying who
 * cancelled it and when. Export CSV downloads the orders listed (every page), a row per line.
 */
export default function MyOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const showCancelled = searchParams.get('cancelled') === 'show';
  const orders = useMyOrders({ includeCancelled: showCancelled });
  const ttlHours = useStoreConfig().data?.unpaidOrderTtlHours;
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const orderAgain = useOrderAgain();

  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-orders-title" className="text-2xl font-bold text-primary">
          My Orders
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex cursor-pointer items-center gap-2 py-1 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-primary toggle-sm"
              checked={showCancelled}
              onChange={(event) => setSearchParams(event.target.checked ? 'cancelled=show' : '')}
            />
            <span>Show cancelled</span>
          </label>
          {items.length > 0 && (
            <a
              href={`/api/orders/mine/export.csv${showCancelled ? '?includeCancelled=true' : ''}`}
              download
              className="btn btn-outline btn-sm"
            >
              <Icon name="download" className="h-4 w-4" />
              Export CSV
            </a>
          )}
        </div>
      </div>
      {orders.isPending ? (
        <Spinner label="Loading your orders" />
      ) : orders.isError ? (
        <LoadError message={`Could not load your orders: ${orders.error.message}`} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="text-base-content/70">You have no orders yet.</p>
          {!showCancelled && <p className="mt-1 text-sm text-base-content/60">Cancelled orders show with Show cancelled.</p>}
          <Link href="~/tools" className="btn btn-primary btn-sm mt-4">
            Browse tools
          </Link>
        </div>
      ) : (
        <>
          {ttlHours && items.some((o) => o.status === 'unpaid') ? (
            <p className="text-sm text-base-content/70">{unpaidOrderPolicy(ttlHours)}</p>
          ) : null}
          <OrdersTable orders={items} viewer="customer" caption="My Orders" onCancel={setToCancel} onOrderAgain={orderAgain} />
        </>
      )}
      <LoadMoreButton list={orders} label="Load more orders" />
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
