import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { useRefundOrder } from '../api/refund-order.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { BuyerReasonField } from './buyer-reason-field.tsx';
import { useFocusHeadingOnceDone } from '../../../lib/use-focus-heading-once-done.ts';

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
  const refunded = useFocusHeadingOnceDone();
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
      returnFocus={refunded.returnFocus}
      onConfirm={() => {
        if (!order) return;
        oneAtATime(async () => {
          try {
            await refund.mutateAsync({ id: order.id, reason });
            refunded.done();
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
            <BuyerReasonField value={reason} onChange={setReason} placeholder="Ordered twice by mistake" told="The refund email" />
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
