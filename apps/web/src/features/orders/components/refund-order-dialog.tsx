import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents } from '@toolsify/shared/money';
import { MAX_CANCEL_REASON_LENGTH, type Order } from '@toolsify/shared/orders';
import { useRefundOrder } from '../api/refund-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { pageHeading } from '../../../lib/focus.ts';

/**
 * An admin's "Refund order #N?" (decision 025): what goes back, to whom, and what else happens
 * (cancelled, stock back, the buyer emailed), with an optional reason for the buyer. A refund
 * left pending is finished from the same dialog, with its first reason.
 */
export function RefundOrderDialog({ order: asked, onClose, onDone }: { order: Order | null; onClose: () => void; onDone: () => void }) {
  const refund = useRefundOrder();
  // The last order asked about stays on the dialog while it closes (its words would otherwise go blank mid-fade).
  const [shown, setShown] = useState(asked);
  if (asked !== null && asked !== shown) setShown(asked);
  const order = asked ?? shown;
  const [reason, setReason] = useState('');
  const oneAtATime = useOneAtATime();
  // A refunded order has no Refund button any more: the focus goes to the page's heading.
  const refunded = useRef(false);
  const pending = order?.refund?.state === 'pending';
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={asked !== null}
      title={pending ? `Finish the refund of order #${order?.id}?` : `Refund order #${order?.id}?`}
      confirmLabel={order ? `Refund ${formatCents(order.totalCents)}` : 'Refund'}
      dismissLabel="Keep order"
      busy={refund.isPending}
      onClose={close}
      returnFocus={() => {
        const done = refunded.current;
        refunded.current = false;
        return done ? pageHeading() : null;
      }}
      onConfirm={() => {
        if (!order) return;
        oneAtATime(async () => {
          try {
            await refund.mutateAsync({ id: order.id, reason });
            refunded.current = true;
            toast.success(`Order #${order.id} is refunded and cancelled: ${formatCents(order.totalCents)} goes back to the buyer.`);
          } catch (error) {
            toast.error(`Could not refund order #${order.id}: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            onDone();
            close();
          }
        });
      }}
    >
      {order && (
        <>
          <p>
            {formatCents(order.totalCents)} goes back to the card {order.buyerName} paid with
            {order.transactionId && (
              <>
                {' '}
                (payment <span className="font-mono break-all">{order.transactionId}</span>)
              </>
            )}
            . The order is cancelled, its pieces go back in stock, and the buyer is emailed. It cannot be undone.
          </p>
          {pending ? (
            <p className="mt-2">
              The payment service has not confirmed the refund asked for earlier: this asks again, and never refunds twice.
            </p>
          ) : (
            <label className="mt-4 block">
              <span className="text-sm font-medium text-base-content">Reason for the buyer (optional)</span>
              <input
                type="text"
                className="input input-bordered mt-1 w-full"
                value={reason}
                maxLength={MAX_CANCEL_REASON_LENGTH}
                onChange={(event) => setReason(event.target.value)}
                placeholder="Ordered twice by mistake"
              />
              <span className="mt-1 block text-sm">The refund email and the order's history tell it.</span>
            </label>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
