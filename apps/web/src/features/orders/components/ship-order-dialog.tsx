import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import {
  MAX_CARRIER_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  poLabel,
  shipOrderBodySchema,
  type Order,
  type ShipOrderBody,
} from '@toolsify/shared/orders';
import { InputField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { pageHeading } from '../../../lib/focus.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { formatCount } from '@toolsify/shared/money';

const FIELDS = ['carrier', 'trackingNumber'] as const;
const empty: ShipOrderBody = { carrier: '', trackingNumber: '' };

/**
 * Shipment (Manage All Orders and an order's page), as a dialog: where the order goes (the buyer, the address and the
 * phone, to check against the parcel), an optional carrier and tracking number, and Confirm
 * shipment. Both go on the order and in the buyer's "shipped" email. Escape or Cancel changes
 * nothing.
 */
export function ShipOrderDialog({
  order,
  onClose,
  onShipped,
  correct = false,
}: {
  order: Order | null;
  onClose: () => void;
  /** After the server has marked it shipped (the order page shows it afresh). */
  onShipped?: (order: Order) => void;
  /** A shipped order's details corrected (a mistyped tracking number): the fields start with what was sent. */
  correct?: boolean;
}) {
  const titleId = useId();
  const ship = useShipOrder();
  /** Shipped: its Shipment button goes, so the focus goes to the page's heading once the dialog has closed. */
  const [shipped, setShipped] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const closed = useModalDialog(ref, {
    open: order !== null,
    onClose,
    returnFocus: () => {
      if (!shipped) return null;
      setShipped(false);
      return pageHeading();
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ShipOrderBody>({ resolver: zodResolver(shipOrderBodySchema), defaultValues: empty });

  // Each order's dialog starts empty, or (a correction) with what was sent.
  useEffect(() => {
    if (order) reset(correct ? { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '' } : empty);
  }, [order, reset, correct]);

  const onSubmit = handleSubmit((shipment) => {
    if (!order) return;
    ship.mutate(
      { id: order.id, shipment, correct },
      {
        onSuccess: (result) => {
          const tracking = result.trackingNumber ? ` (tracking ${result.trackingNumber})` : '';
          toast.success(
            correct
              ? `Order #${order.id}: the shipment is corrected${tracking} and the buyer emailed.`
              : `Order #${order.id} is marked as shipped${tracking}.`,
          );
          // A correction leaves its button where it was: the focus goes back to it.
          setShipped(!correct);
          onShipped?.(result);
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, FIELDS, setError)) toast.error(`Could not ship order #${order.id}: ${error.message}`);
        },
      },
    );
  });

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={closed}>
      <div className="modal-box max-w-lg">
        {order && (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <h3 id={titleId} className="text-lg font-bold">
              {correct ? `Correct the shipment of order #${order.id}` : `Ship order #${order.id}`}
            </h3>
            <section aria-label="Delivery address" className="rounded-box border border-base-300 bg-base-200/60 p-4 text-sm">
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">Ship to</p>
              <p className="font-medium">{order.buyerName}</p>
              {order.buyerCompany && <p className="font-medium">{order.buyerCompany}</p>}
              <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="ship-address">
                {order.address}
              </p>
              <p className="text-base-content/80">Phone: {order.phone}</p>
              <p className="mt-2 text-base-content/70">
                {formatCount(order.quantity)} pieces: {order.tool}
                {order.poNumber && <span className="font-mono"> · {poLabel(order.poNumber)}</span>}
              </p>
            </section>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                id="ship-carrier"
                label="Carrier (optional)"
                placeholder="UPS, DHL, own van…"
                autoComplete="off"
                maxLength={MAX_CARRIER_LENGTH}
                error={errors.carrier?.message}
                {...register('carrier')}
              />
              <InputField
                id="ship-tracking"
                label="Tracking number (optional)"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                maxLength={MAX_TRACKING_NUMBER_LENGTH}
                error={errors.trackingNumber?.message}
                {...register('trackingNumber')}
              />
            </div>
            <p className="text-sm text-base-content/70">
              {correct
                ? 'The buyer is emailed the corrected details, which replace the ones sent before.'
                : 'The buyer is emailed that the order has shipped, with these details.'}
            </p>
            <div className="modal-action mt-0">
              <button type="button" className="btn" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={ship.isPending}>
                {ship.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {correct ? 'Save and email the buyer' : 'Confirm shipment'}
              </button>
            </div>
          </form>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
