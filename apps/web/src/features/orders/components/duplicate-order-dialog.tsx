import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** The purchase page's question before the same order goes again. */
export function duplicateOrderQuestion(orderId: number): string {
  return `You already have an unpaid order of this tool (#${orderId}). Place another?`;
}

/**
 * Asked before placing an order of the same tool and quantity as an unpaid one the buyer placed
 * in the last 10 minutes (a double click, a second tab, a forgotten first try): Place another, or
 * Cancel (which has the focus) and keep the one there is.
 */
export function DuplicateOrderDialog({
  existing,
  onPlace,
  onClose,
  returnFocus,
}: {
  existing: Order | null;
  onPlace: () => void;
  onClose: () => void;
  /** Where the focus goes back to (Place Order, which was disabled while the question was asked). */
  returnFocus: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog
      open={existing !== null}
      title="The same order again?"
      confirmLabel="Place another"
      dismissLabel="Cancel"
      tone="primary"
      onConfirm={onPlace}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {existing && (
        <div className="flex flex-col gap-2">
          <p className="font-medium text-base-content">{duplicateOrderQuestion(existing.id)}</p>
          <p className="text-sm">
            Order #{existing.id}: {formatCount(existing.quantity)} × {existing.tool}, {formatCents(existing.totalCents)}, placed at{' '}
            {timeFormat.format(new Date(existing.createdAt))}. It is in My Orders, where you can pay it.
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
