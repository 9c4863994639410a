import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { useCancelOrder } from '../api/cancel-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useMe } from '../../auth/api/get-me.ts';
import { BuyerReasonField } from './buyer-reason-field.tsx';
import { useFocusHeadingOnceDone } from '../../../lib/use-focus-heading-once-done.ts';
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
  const cancelled = useFocusHeadingOnceDone();
  const oneAtATime = useOneAtATime();
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel order"
      dismissLabel="Keep order"
      busy={cancel.isPending}
      onClose={close}
      returnFocus={cancelled.returnFocus}
      onConfirm={() => {
        if (!order) return;
        // A double click cancels once (the second would be told the order is already cancelled).
        oneAtATime(async () => {
          try {
            const result = await cancel.mutateAsync(asStore ? { id: order.id, reason } : { id: order.id });
            cancelled.done();
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
        <BuyerReasonField value={reason} onChange={setReason} placeholder="Out of stock until March" told="The cancellation email" />
      )}
    </ConfirmDialog>
  );
}
