import { toast } from 'react-hot-toast';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { useCancelOrder } from '../api/cancel-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

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
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel order"
      dismissLabel="Keep order"
      busy={cancel.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!order) return;
        cancel.mutate(order.id, {
          onSuccess: (cancelled) => {
            toast.success(`Order #${order.id} is cancelled.`);
            onCancelled?.(cancelled);
          },
          onError: (error) => toast.error(`Could not cancel order #${order.id}: ${error.message}`),
          onSettled: onClose,
        });
      }}
    >
      {order && (
        <p>
          Order #{order.id}: {formatCount(order.quantity)} × {order.tool} ({formatCents(order.totalCents)}). It cannot be undone; the pieces
          go back in stock.
        </p>
      )}
    </ConfirmDialog>
  );
}
