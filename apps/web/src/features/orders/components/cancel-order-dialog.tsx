import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { MAX_CANCEL_REASON_LENGTH, type Order } from '@toolsify/shared/orders';
import { useCancelOrder } from '../api/cancel-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { pageHeading } from '../../../lib/focus.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';

/**
 * "Cancel this order?": the confirmation the spec asks for before cancelling. On success the
 * order leaves the lists and its pieces go back in stock. An admin cancelling someone's order
 * may give a reason, which the buyer's email and the order's history tell.
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
  const me = useMe();
  // An admin cancelling a buyer's order (not their own): the store's word to the buyer.
  const asStore = order !== null && Boolean(me.data) && me.data?.email !== order.buyer;
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  // A cancelled order has no Cancel button any more (nor, in My Orders, a row): the focus goes to the page's heading.
  const cancelled = useRef(false);
  const oneAtATime = useOneAtATime();
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel order"
      dismissLabel="Keep order"
      busy={cancel.isPending}
      onClose={close}
      returnFocus={() => {
        const done = cancelled.current;
        cancelled.current = false;
        return done ? pageHeading() : null;
      }}
      onConfirm={() => {
        if (!order) return;
        // A double click cancels once (the second would be told the order is already cancelled).
        oneAtATime(async () => {
          try {
            const result = await cancel.mutateAsync(asStore ? { id: order.id, reason } : { id: order.id });
            cancelled.current = true;
            toast.success(`Order #${order.id} is cancelled.`);
            onCancelled?.(result);
          } catch (error) {
            toast.error(`Could not cancel order #${order.id}: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            close();
          }
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
      {asStore && (
        <label className="mt-4 block">
          <span className="text-sm font-medium text-base-content">Reason for the buyer (optional)</span>
          <input
            type="text"
            className="input input-bordered mt-1 w-full"
            value={reason}
            maxLength={MAX_CANCEL_REASON_LENGTH}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Out of stock until March"
          />
          <span className="mt-1 block text-sm">The cancellation email and the order's history tell it.</span>
        </label>
      )}
    </ConfirmDialog>
  );
}
