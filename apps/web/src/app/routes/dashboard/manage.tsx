import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { Order } from '@toolsify/shared/orders';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useAllOrders } from '../../../features/orders/api/get-all-orders.ts';
import { ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog.tsx';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { OrderFiltersBar, type ApplyOrderFilters } from '../../../features/orders/components/order-filters-bar.tsx';
import {
  isFiltered,
  orderFiltersFrom,
  orderFiltersSearchOf,
  type OrderFilterParams,
} from '../../../features/orders/utils/order-filters.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { formatCount } from '@toolsify/shared/money';

/**
 * Manage All Orders (admin): every order newest first, searchable and filterable (the URL holds
 * the search and the filters, so Back, reload and a shared link show the same orders); Cancel
 * while unpaid, Shipment once paid (a dialog: where it goes, carrier and tracking number); Export
 * CSV downloads what the filters show.
 */
export default function ManageOrdersPage() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const params = orderFiltersFrom(searchParams);
  const orders = useAllOrders({ enabled: isAdmin, filters: params });
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toShip, setToShip] = useState<Order | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const updating = orders.isPlaceholderData;

  const search = orderFiltersSearchOf(params);
  const apply = useCallback<ApplyOrderFilters>(
    (next, options = {}) => {
      const merged: OrderFilterParams = { ...orderFiltersFrom(new URLSearchParams(search)), ...next };
      // Read back through the URL's rules: days in the wrong order are swapped, as a link's would be.
      setSearchParams(orderFiltersSearchOf(orderFiltersFrom(new URLSearchParams(orderFiltersSearchOf(merged)))), options);
    },
    [search, setSearchParams],
  );

  if (me.isPending) return <Spinner />;
  if (!isAdmin) {
    return (
      <div role="alert" className="alert alert-warning">
        Only an admin may manage orders.
      </div>
    );
  }

  return (
    <section aria-labelledby="manage-orders-title" className="flex flex-col gap-4">
      <h2 id="manage-orders-title" className="text-2xl font-bold text-primary">
        Manage All Orders
      </h2>
      <OrderFiltersBar params={params} apply={apply} onClear={() => setSearchParams('')} />
      <p aria-live="polite" aria-atomic="true" className="min-h-5 text-sm text-base-content/70" data-testid="orders-shown">
        {orders.isSuccess && items.length > 0
          ? `${formatCount(items.length)}${orders.hasNextPage ? '+' : ''} ${items.length === 1 && !orders.hasNextPage ? 'order' : 'orders'}${isFiltered(params) ? ' found' : ''}`
          : ''}
      </p>
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError && !orders.data ? (
        <LoadError message={`Could not load the orders: ${orders.error.message}`} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        isFiltered(params) ? (
          <NoMatch params={params} onClear={() => setSearchParams('')} />
        ) : (
          <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">No orders yet.</p>
        )
      ) : (
        <div className={`flex flex-col gap-4 transition-opacity ${updating ? 'opacity-60' : ''}`} aria-busy={updating}>
          <OrdersTable orders={items} viewer="admin" caption="All orders" onCancel={setToCancel} onShip={setToShip} />
          {orders.isFetchNextPageError && (
            <div role="alert" className="alert alert-error alert-soft">
              <span>Could not load more orders: {orders.error?.message}</span>
            </div>
          )}
          <LoadMoreButton list={orders} label="Load more orders" />
        </div>
      )}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
      <ShipOrderDialog order={toShip} onClose={() => setToShip(null)} />
    </section>
  );
}

/** Nothing matches the search or the filters: what to try, and a way back to every order. */
function NoMatch({ params, onClear }: { params: OrderFilterParams; onClear: () => void }) {
  return (
    <div
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-8 text-center"
      data-testid="orders-no-match"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-10 w-10 text-base-content/40"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-4-4" strokeLinecap="round" />
      </svg>
      <p className="text-lg font-semibold [overflow-wrap:anywhere]">No orders match {params.q ? `“${params.q}”` : 'these filters'}</p>
      <p className="text-sm text-base-content/70">
        Search for an order number (#1042), a PO number, a buyer&apos;s email or name, or a tool&apos;s name or SKU. A status, a tool or
        dates narrow it further; cancelled orders show only under the Cancelled status.
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
