import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { Order } from '@toolsify/shared/orders';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useAllOrders } from '../../../features/orders/api/get-all-orders.ts';
import { useShipOrder } from '../../../features/orders/api/ship-order.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';

/** Manage All Orders (admin): every order newest first; Cancel while unpaid, Shipment once paid. */
export default function ManageOrdersPage() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const orders = useAllOrders({ enabled: isAdmin });
  const ship = useShipOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  const onShip = (order: Order) =>
    ship.mutate(order.id, {
      onSuccess: () => toast.success(`Order #${order.id} is marked as shipped.`),
      onError: (error) => toast.error(`Could not ship order #${order.id}: ${error.message}`),
    });

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
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <LoadError message={`Could not load the orders: ${orders.error.message}`} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">No orders yet.</p>
      ) : (
        <OrdersTable
          orders={items}
          viewer="admin"
          caption="All orders"
          onCancel={setToCancel}
          onShip={onShip}
          busyOrderId={ship.isPending ? (ship.variables ?? null) : null}
        />
      )}
      <LoadMoreButton list={orders} label="Load more orders" />
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
