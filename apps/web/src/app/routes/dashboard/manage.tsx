import { useState } from 'react';
import type { Order } from '@toolsify/shared/orders';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { ordersExportUrl, useAllOrders } from '../../../features/orders/api/get-all-orders.ts';
import { ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog.tsx';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { OrderFiltersBar } from '../../../features/orders/components/order-filters-bar.tsx';
import { OrdersNoMatch } from '../../../features/orders/components/orders-no-match.tsx';
import { isFiltered } from '../../../features/orders/utils/order-filters.ts';
import { useOrderFiltersInUrl } from '../../../features/orders/utils/use-order-filters.ts';
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
  const { params, apply, clear } = useOrderFiltersInUrl();
  const orders = useAllOrders({ enabled: isAdmin, filters: params });
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toShip, setToShip] = useState<Order | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const updating = orders.isPlaceholderData;

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
      <OrderFiltersBar viewer="admin" params={params} apply={apply} onClear={clear} exportUrlOf={ordersExportUrl} />
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
          <OrdersNoMatch viewer="admin" params={params} onClear={clear} />
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
