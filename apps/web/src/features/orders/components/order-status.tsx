import { Link } from 'wouter';
import { orderStatusRules, shipmentNote, type Order } from '@toolsify/shared/orders';
import { formatCents } from '@toolsify/shared/money';
import { dateTimeFormat, deadlineFormat } from '../../../lib/date-format.ts';

export type OrderViewer = 'customer' | 'admin';

export interface OrderStatusProps {
  order: Order;
  viewer: OrderViewer;
  onCancel?: (order: Order) => void;
  onShip?: (order: Order) => void;
  /** The order whose action is running (its buttons show a spinner and are disabled). */
  busy?: boolean;
}

/** When an unpaid order is cancelled if nobody pays (UNPAID_ORDER_TTL_HOURS on the server). */
export function Expiry({ expiresAt, viewer }: { expiresAt: string; viewer: OrderViewer }) {
  const when = <time dateTime={expiresAt}>{deadlineFormat.format(new Date(expiresAt))}</time>;
  return (
    <span className="basis-full text-xs text-base-content/60" data-testid="order-expiry">
      {viewer === 'customer' ? <>Pay by {when} or it is cancelled.</> : <>Cancelled if unpaid by {when}.</>}
    </span>
  );
}

/** Who cancelled it, in the viewer's words: the buyer is "you" in My Orders. */
const cancelledBy: Record<OrderViewer, Record<NonNullable<Order['cancellation']>['by'], string>> = {
  customer: { buyer: 'by you', admin: 'by the store', store: 'by the store' },
  admin: { buyer: 'by the buyer', admin: 'by an admin', store: 'by the store' },
};

/** A cancelled order: who cancelled it, when, and why when the store did. */
function Cancellation({ cancellation, viewer }: { cancellation: NonNullable<Order['cancellation']>; viewer: OrderViewer }) {
  return (
    <span className="basis-full text-xs text-base-content/70" data-testid="order-cancellation">
      Cancelled {cancelledBy[viewer][cancellation.by]} on{' '}
      <time dateTime={cancellation.at}>{dateTimeFormat.format(new Date(cancellation.at))}</time>
      {cancellation.note && <span className="block">{cancellation.note}</span>}
    </span>
  );
}

const badgeClass: Record<Order['status'], string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
};

/**
 * The status column, drawn from the shared order status rule: the label this viewer sees,
 * the transaction id when the rule shows it, and exactly the actions the rule allows; a
 * shipped order's carrier and tracking number.
 */
export function OrderStatus({ order, viewer, onCancel, onShip, busy = false }: OrderStatusProps) {
  const view = orderStatusRules[order.status][viewer];
  const shipment = shipmentNote(order);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {view.label && <span className={`badge badge-soft ${badgeClass[order.status]} font-medium`}>{view.label}</span>}
      {view.showTransactionId && order.transactionId && (
        <span className="max-w-full break-all font-mono text-xs text-base-content/70 lg:max-w-[12rem]">
          <span className="sr-only">Transaction id: </span>
          {order.transactionId}
        </span>
      )}
      {view.actions.map((action) => {
        switch (action) {
          case 'pay':
            return (
              <Link
                key={action}
                href={`~/dashboard/payment/${order.id}`}
                className="btn btn-primary btn-sm"
                aria-label={`Pay for order #${order.id}`}
              >
                Pay
              </Link>
            );
          case 'cancel':
            return (
              <button
                key={action}
                type="button"
                className="btn btn-outline btn-error btn-sm"
                onClick={() => onCancel?.(order)}
                disabled={busy || !onCancel}
                aria-label={`Cancel order #${order.id}`}
              >
                Cancel
              </button>
            );
          case 'ship':
            // A refund under way closes shipping (the server refuses it); its order page finishes the refund.
            if (order.refund) return null;
            return (
              <button
                key={action}
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => onShip?.(order)}
                disabled={busy || !onShip}
                aria-label={`Shipment for order #${order.id}`}
              >
                {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Shipment
              </button>
            );
        }
      })}
      {order.status === 'shipped' && shipment !== null && (
        <span className="basis-full text-xs text-base-content/70 [overflow-wrap:anywhere]" data-testid="order-shipment-line">
          {shipment}
        </span>
      )}
      {order.expiresAt && <Expiry expiresAt={order.expiresAt} viewer={viewer} />}
      {order.status === 'cancelled' && order.cancellation && <Cancellation cancellation={order.cancellation} viewer={viewer} />}
      {order.refund && (
        <span className="basis-full text-xs text-base-content/70" data-testid="order-refund-line">
          {order.refund.state === 'refunded'
            ? `${formatCents(order.refund.amountCents)} refunded`
            : `Refund of ${formatCents(order.refund.amountCents)} not yet confirmed`}
        </span>
      )}
    </div>
  );
}
