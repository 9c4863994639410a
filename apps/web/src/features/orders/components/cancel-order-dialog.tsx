import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { useCancelOrder } from '../api/cancel-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { pageHeading } from '../../../lib/focus.ts';

/**
 * "Cancel this order?": the confirmation the spec asks for before cancelling. On success the
 * order leaves the lists and its pieces go back in stock.
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: Order | null;
  onClose: () => void;
  /** After the server has cancelled it (the order page shows it afresh). */
  onCancelled?: (order: Order) => void;
}) {
  const cancel = useCancelOrder();
  // A cancelled order has no Cancel button any more (nor, in My Orders, a row): the focus goes to the page's heading.
  const cancelled = useRef(false);
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel order"
      dismissLabel="Keep order"
      busy={cancel.isPending}
      onClose={onClose}
      returnFocus={() => {
        const done = cancelled.current;
        cancelled.current = false;
        return done ? pageHeading() : null;
      }}
      onConfirm={() => {
        if (!order) return;
        cancel.mutate(order.id, {
          onSuccess: (result) => {
            cancelled.current = true;
            toast.success(`Order #${order.id} is cancelled.`);
            onCancelled?.(result);
          },
          onError: (error) => toast.error(`Could not cancel order #${order.id}: ${error.message}`),
          onSettled: onClose,
        });
      }}
    >
      {order && (
        <p>
          Order #{order.id}:{' '}
          {order.lines.length > 1
            ? `${order.tool}, ${formatCount(order.quantity)} pieces in all (${formatCents(order.totalCents)})`
            : `${formatCount(order.quantity)} × ${order.tool} (${formatCents(order.totalCents)})`}
          . It cannot be undone; the pieces go back in stock.
        </p>
      )}
    </ConfirmDialog>
  );
}
