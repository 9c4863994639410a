import { useMemo, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { checkQuantity, findDuplicateOrder, purchaseFormSchema, type Order, type PurchaseFormValues } from '@toolsify/shared/orders';
import { isOrderable, largestOrderable, lineCostCents, unitPriceFor } from '@toolsify/shared/pricing';
import { MAX_CARD_PAYMENT_CENTS, hasNoPrice, toolHasNoPriceMessage, totalAboveCardMaximumMessage } from '@toolsify/shared/payments';
import type { Tool } from '@toolsify/shared/tools';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { isTransientError, newIdempotencyKey, usePlaceOrder } from '../api/place-order.ts';
import { recentUnpaidOrdersQuery, useRecentUnpaidOrders } from '../api/get-recent-unpaid-orders.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { OrderPlaced } from './order-placed.tsx';
import { DuplicateOrderDialog } from './duplicate-order-dialog.tsx';
import { InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { PriceNudge, PriceTable, quantityHint } from '../../catalog/components/price-breaks.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { PoNumberField } from './po-number-field.tsx';
import { AddToCartButton } from '../../cart/components/add-to-cart-button.tsx';
import { useMyAddresses } from '../../addresses/api/addresses.ts';
import { ShipToSelect, type ShipToFields } from '../../addresses/components/ship-to-select.tsx';

export interface PurchaseFormProps {
  tool: Tool;
  /** The signed-in account (shown read-only). */
  account: { name: string; email: string };
  /** Phone and address to start with: the saved profile's, or empty. */
  defaults: { phone: string; address: string };
  /** A quantity to start with (from the tool page's calculator), if the tool may be ordered in it. */
  quantity?: number | undefined;
}

const FIELDS = ['quantity', 'phone', 'address', 'poNumber'] as const;

/** An unpaid order of this tool in this quantity from the last 10 minutes, if the buyer has one (none when it cannot be told). */
async function findDuplicate(queryClient: QueryClient, toolId: number, pieces: number): Promise<Order | undefined> {
  try {
    const recent = await queryClient.fetchQuery(recentUnpaidOrdersQuery(toolId));
    return findDuplicateOrder(recent.items, toolId, pieces, Date.now());
  } catch {
    return undefined;
  }
}

/**
 * The order form: read-only name and email, Ship to (one of the buyer's ship-to addresses fills
 * the phone and address), phone, address, the buyer's PO number, and a quantity that starts at the
 * tool's minimum (or the quantity the buyer chose on the tool's page). The shared quantity rule
 * (minimum, maximum, stock, packs) shows its messages as the user types and keeps Place Order
 * disabled while it fails; the server applies the same rule and the same prices.
 *
 * After Place Order the spec's toast shows and the form resets, and the page says what was
 * placed (with Pay now). The same tool in the same quantity as an unpaid order of the last 10
 * minutes asks first ("Place another?"); the buyer's recent orders of the tool are read in the
 * background when the form shows, so Place Order does not wait for them.
 */
export function PurchaseForm({ tool, account, defaults, quantity: chosen }: PurchaseFormProps) {
  const schema = useMemo(() => purchaseFormSchema(tool), [tool]);
  const startQuantity = chosen !== undefined && isOrderable(chosen, tool) ? chosen : tool.minimum;
  const initialValues = { phone: defaults.phone, address: defaults.address, quantity: startQuantity, poNumber: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<PurchaseFormValues>({ resolver: zodResolver(schema), defaultValues: initialValues });
  const addresses = useMyAddresses();
  const [phone, address] = useWatch({ control, name: ['phone', 'address'] });
  const chooseShipTo = (filled: ShipToFields) => {
    setValue('phone', filled.phone, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('address', filled.address, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const setQuantity = (next: number) => setValue('quantity', next, { shouldValidate: true, shouldDirty: true });
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  useRecentUnpaidOrders(tool.id);
  // The order just placed (shown above the form) and the one the buyer is asked about.
  const [placed, setPlaced] = useState<Order | null>(null);
  const [duplicate, setDuplicate] = useState<{ existing: Order; values: PurchaseFormValues } | null>(null);
  const placeButton = useRef<HTMLButtonElement>(null);
  const [checking, setChecking] = useState(false);
  // One idempotency key per attempt: resubmitting the same values after a failure whose
  // outcome is unknown (network, 5xx) reuses it, so the order is placed at most once.
  const [attempt, setAttempt] = useState<{ key: string; payload: string } | null>(null);

  const quantity = useWatch({ control, name: 'quantity' });
  const outOfStock = tool.available === 0;
  // A $0 tool cannot be paid by card; the server refuses its orders too.
  const noPrice = hasNoPrice(tool);
  // A total no card can pay is refused by the server too: say so before it is sent.
  const aboveCardMaximum = lineCostCents(tool, quantity) > MAX_CARD_PAYMENT_CENTS ? totalAboveCardMaximumMessage : undefined;
  const quantityProblem = Number.isNaN(quantity) ? 'Enter a quantity' : (checkQuantity(quantity, tool)?.message ?? aboveCardMaximum);
  const quantityMessage = outOfStock ? undefined : (quantityProblem ?? errors.quantity?.message);
  const canOrder = !outOfStock && !noPrice && !quantityProblem && !placeOrder.isPending && !checking;

  const send = (values: PurchaseFormValues) => {
    // With the unit price shown: a price changed since the page was read refuses the order (the tool is read again).
    const input = { toolId: tool.id, ...values, expectedUnitPriceCents: unitPriceFor(tool, values.quantity) };
    const payload = JSON.stringify(input);
    const current = attempt?.payload === payload ? attempt : { key: newIdempotencyKey(), payload };
    setAttempt(current);
    placeOrder.mutate(
      { input, idempotencyKey: current.key },
      {
        onSuccess: (order) => {
          setAttempt(null);
          toast.success(messages.orderPlaced);
          reset(initialValues);
          setPlaced(order);
          // Asked about at once, before the list is read again.
          queryClient.setQueryData<{ items: Order[] }>(queryKeys.recentUnpaidOrders(tool.id), (old) => ({
            items: [order, ...(old?.items ?? []).filter((o) => o.id !== order.id)],
          }));
        },
        onError: (error) => {
          if (!isTransientError(error)) setAttempt(null);
          const reason = error instanceof ApiError ? error.message : 'Please try again.';
          toast.error(
            <span>
              <strong>{messages.orderFailed}</strong>
              <br />
              {reason}
            </span>,
            { id: 'order-failed' },
          );
          setServerFieldErrors(error, FIELDS, setError);
        },
      },
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setChecking(true);
    const existing = await findDuplicate(queryClient, tool.id, values.quantity);
    setChecking(false);
    if (existing) setDuplicate({ existing, values });
    else send(values);
  });

  return (
    <>
      {placed && <OrderPlaced key={placed.id} order={placed} />}
      <DuplicateOrderDialog
        existing={duplicate?.existing ?? null}
        onClose={() => setDuplicate(null)}
        returnFocus={() => placeButton.current}
        onPlace={() => {
          if (duplicate) send(duplicate.values);
          setDuplicate(null);
        }}
      />
      <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="order-form-title">
        <div className="card-body gap-4">
          <h2 id="order-form-title" className="card-title text-xl">
            Place your order
          </h2>

          <div className="grid gap-4 sm:grid-cols-2">
            <InputField id="purchase-name" label="Name" className="bg-base-200" value={account.name} readOnly />
            <InputField id="purchase-email" label="Email" type="email" className="bg-base-200" value={account.email} readOnly />
          </div>

          <ShipToSelect
            id="purchase-ship-to"
            addresses={addresses.data?.items ?? []}
            profile={defaults}
            typed={{ phone, address }}
            onChoose={chooseShipTo}
          />

          <InputField
            id="purchase-phone"
            label="Phone"
            error={errors.phone?.message}
            type="tel"
            autoComplete="tel"
            {...register('phone')}
          />

          <TextareaField
            id="purchase-address"
            label="Address"
            error={errors.address?.message}
            rows={3}
            autoComplete="street-address"
            {...register('address')}
          />

          <PoNumberField id="purchase-po" error={errors.poNumber?.message} {...register('poNumber')} />

          <QuantityStepper
            {...register('quantity', { valueAsNumber: true })}
            id="purchase-quantity"
            label="Quantity"
            error={quantityMessage}
            hint={outOfStock ? undefined : quantityHint(tool)}
            step={tool.packSize}
            min={tool.minimum}
            max={Math.max(tool.minimum, largestOrderable(tool))}
            quantity={quantity}
            onQuantity={setQuantity}
          />

          {!outOfStock && (
            <>
              <PriceTable tool={tool} quantity={quantityProblem ? undefined : quantity} />
              {!quantityProblem && <PriceNudge tool={tool} quantity={quantity} onChoose={setQuantity} />}
            </>
          )}

          <div className="flex flex-col gap-3 border-t border-base-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-base-content/80" aria-live="polite">
              {outOfStock ? (
                <span className="font-semibold text-error">{messages.outOfStock}</span>
              ) : noPrice ? (
                <span className="font-semibold text-error">{toolHasNoPriceMessage}</span>
              ) : quantityProblem ? null : (
                <>
                  <span className="block text-sm" data-testid="unit-price">
                    {formatCount(quantity)} × {formatCents(unitPriceFor(tool, quantity))}
                  </span>
                  Total: <strong className="text-lg text-base-content">{formatCents(lineCostCents(tool, quantity))}</strong>
                </>
              )}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <AddToCartButton
                toolId={tool.id}
                quantity={quantity}
                rules={tool}
                disabled={outOfStock || noPrice || Boolean(quantityProblem)}
              />
              <button ref={placeButton} type="submit" className="btn btn-primary sm:min-w-40" disabled={!canOrder}>
                {(placeOrder.isPending || checking) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Place Order
              </button>
            </div>
          </div>
        </div>
      </form>
    </>
  );
}
