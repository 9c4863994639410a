import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatCount } from '@toolsify/shared/money';
import { useOrderAgain } from '../../../features/cart/api/order-again.ts';
import type { Order } from '@toolsify/shared/orders';
import { myOrdersExportUrl, useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { OrderFiltersBar } from '../../../features/orders/components/order-filters-bar.tsx';
import { OrdersNoMatch } from '../../../features/orders/components/orders-no-match.tsx';
import { isFiltered } from '../../../features/orders/utils/order-filters.ts';
import { useOrderFiltersInUrl } from '../../../features/orders/utils/use-order-filters.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStoreConfig } from '../../../lib/store-config.ts';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';

/** "Unpaid orders are cancelled after 3 days, ...": the store's UNPAID_ORDER_TTL_HOURS in words. */
function unpaidOrderPolicy(hours: number): string {
  const span = hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `Unpaid orders are cancelled after ${span}, and their pieces go back in stock.`;
}

/**
 * My Orders: the user's orders with Pay and Cancel while unpaid, then Paid or Shipped; Order
 * again on each. Found by order number, PO number, tool or SKU, narrowed by status, tool and
 * the days they were placed; "Show cancelled" adds the cancelled ones, each saying who cancelled
 * it and when (the URL holds all of it). Export CSV downloads the orders found (every page), a row per line.
 */
export default function MyOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const showCancelled = searchParams.get('cancelled') === 'show';
  const { params, apply, clear } = useOrderFiltersInUrl();
  const find = { filters: params, includeCancelled: showCancelled };
  const orders = useMyOrders(find);
  const ttlHours = useStoreConfig().data?.unpaidOrderTtlHours;
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const orderAgain = useOrderAgain();
  const filtered = isFiltered(params);
  const updating = orders.isPlaceholderData;
  const toggleCancelled = (show: boolean) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (show) next.set('cancelled', 'show');
      else next.delete('cancelled');
      return next;
    });

  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-orders-title" className="text-2xl font-bold text-primary">
          My Orders
        </h2>
        {/* A status chosen decides alone (Cancelled: only those; another: none of them), and the toggle says so. */}
        <label className={`flex items-center gap-2 py-1 text-sm ${params.status ? 'text-base-content/60' : 'cursor-pointer'}`}>
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={params.status ? params.status === 'cancelled' : showCancelled}
            disabled={params.status !== undefined}
            onChange={(event) => toggleCancelled(event.target.checked)}
          />
          <span>Show cancelled</span>
        </label>
      </div>
      {(filtered || items.length > 0) && (
        <OrderFiltersBar
          viewer="customer"
          params={params}
          apply={apply}
          onClear={clear}
          exportUrlOf={(filters) => myOrdersExportUrl({ filters, includeCancelled: showCancelled })}
          anyStatusLabel={showCancelled ? 'All' : 'All but cancelled'}
        />
      )}
      {filtered && orders.isSuccess && items.length > 0 && (
        <p aria-live="polite" aria-atomic="true" className="text-sm text-base-content/70" data-testid="orders-shown">
          {`${formatCount(items.length)}${orders.hasNextPage ? '+' : ''} ${items.length === 1 && !orders.hasNextPage ? 'order' : 'orders'} found`}
        </p>
      )}
      {orders.isPending ? (
        <Spinner label="Loading your orders" />
      ) : orders.isError && !orders.data ? (
        <LoadError message={`Could not load your orders: ${orders.error.message}`} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <OrdersNoMatch viewer="customer" params={params} onClear={clear} />
        ) : (
          <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
            {/* Without the cancelled ones, "none" may still be a cancelled or refunded order. */}
            <p className="text-base-content/70">{showCancelled ? 'You have no orders yet.' : 'You have no open orders.'}</p>
            {!showCancelled && <p className="mt-1 text-sm text-base-content/60">Cancelled orders show with Show cancelled.</p>}
            <Link href="~/tools" className="btn btn-primary btn-sm mt-4">
              Browse tools
            </Link>
          </div>
        )
      ) : (
        <div className={`flex flex-col gap-4 transition-opacity ${updating ? 'opacity-60' : ''}`} aria-busy={updating}>
          {ttlHours && items.some((o) => o.status === 'unpaid') ? (
            <p className="text-sm text-base-content/70">{unpaidOrderPolicy(ttlHours)}</p>
          ) : null}
          <OrdersTable orders={items} viewer="customer" caption="My Orders" onCancel={setToCancel} onOrderAgain={orderAgain} />
          {orders.isFetchNextPageError && (
            <div role="alert" className="alert alert-error alert-soft">
              <span>Could not load more orders: {orders.error?.message}</span>
            </div>
          )}
        </div>
      )}
      <LoadMoreButton list={orders} label="Load more orders" />
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
