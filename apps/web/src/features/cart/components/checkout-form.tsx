import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-hot-toast';
import { Link } from 'wouter';
import { addressField, phoneField, poNumberField } from '@toolsify/shared/orders';
import type { CartLine } from '@toolsify/shared/cart-lines';
import { messages } from '@toolsify/shared/messages';
import { InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useProfile } from '../../profile/api/get-profile.ts';
import { isTransientError, newIdempotencyKey, usePlaceOrder } from '../../orders/api/place-order.ts';

const checkoutSchema = z.object({ phone: phoneField, address: addressField, poNumber: z.string() });
type CheckoutValues = z.infer<typeof checkoutSchema>;
const FIELDS = ['phone', 'address', 'poNumber'] as const;

interface CheckoutProps {
  lines: CartLine[];
  /** What the buyer calls each line (its tool's name), in the lines' order: a refused line is named by it. */
  lineNames: readonly string[];
  disabled: boolean;
  onPlaced: (orderId: number) => Promise<void>;
  /** The order was refused for its lines (the stock or a tool changed since the cart was read): read them again. */
  onLinesRefused: () => void;
}

/**
 * Checkout: phone and address (the saved profile's to start with), the buyer's own PO number
 * and the company the invoice is made out to (their profile's); places the cart as one order (all or nothing), then the buyer goes on to pay it.
 */
export function CheckoutForm(props: CheckoutProps) {
  const profile = useProfile();
  if (profile.isPending) return <span className="loading loading-spinner" aria-label="Loading your details" />;
  return (
    <CheckoutFields
      {...props}
      defaults={{ phone: profile.data?.phone ?? '', address: profile.data?.address ?? '', poNumber: '' }}
      business={{ company: profile.data?.company ?? '', taxId: profile.data?.taxId ?? '' }}
    />
  );
}

/** Who the invoice is made out to besides the buyer (the business profile, copied onto the order), and where to change it. */
function InvoicedTo({ company, taxId }: { company: string; taxId: string }) {
  const myProfile = (
    <Link href="~/dashboard" className="link">
      My Profile
    </Link>
  );
  return (
    <p className="text-sm text-base-content/80" data-testid="checkout-invoiced-to">
      {company || taxId ? (
        <>
          Invoiced to {company && <strong className="font-medium">{company}</strong>}
          {company && taxId && ', '}
          {taxId && <>tax / VAT number {taxId}</>}. Change it in {myProfile}.
        </>
      ) : (
        <>Buying for a company? Add its name and tax / VAT number in {myProfile} to have them on the invoice.</>
      )}
    </p>
  );
}

function CheckoutFields({
  lines,
  lineNames,
  disabled,
  onPlaced,
  onLinesRefused,
  defaults,
  business,
}: CheckoutProps & { defaults: CheckoutValues; business: { company: string; taxId: string } }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CheckoutValues>({ resolver: zodResolver(checkoutSchema), defaultValues: defaults });
  const placeOrder = usePlaceOrder();
  const [attempt, setAttempt] = useState<{ key: string; payload: string } | null>(null);
  // Why the server refused the lines, kept for the lines it refused: a changed cart clears it.
  const [refusals, setRefusals] = useState<{ lines: string; items: string[] }>({ lines: '', items: [] });
  const shownRefusals = refusals.lines === JSON.stringify(lines) ? refusals.items : [];

  const onSubmit = handleSubmit((values) => {
    const poNumber = poNumberField.safeParse(values.poNumber);
    if (!poNumber.success) {
      setError('poNumber', { message: poNumber.error.issues[0]?.message ?? 'Not a PO number' });
      return;
    }
    const input = { lines, phone: values.phone, address: values.address, ...(poNumber.data ? { poNumber: poNumber.data } : {}) };
    const payload = JSON.stringify(input);
    const current = attempt?.payload === payload ? attempt : { key: newIdempotencyKey(), payload };
    setAttempt(current);
    setRefusals({ lines: '', items: [] });
    placeOrder.mutate(
      { input, idempotencyKey: current.key },
      {
        onSuccess: async (order) => {
          setAttempt(null);
          toast.success(messages.orderPlaced);
          await onPlaced(order.id);
        },
        onError: (error) => {
          if (!isTransientError(error)) setAttempt(null);
          toast.error(
            <span>
              <strong>{messages.orderFailed}</strong>
              <br />
              {error instanceof ApiError ? error.message : 'Please try again.'}
            </span>,
            { id: 'order-failed' },
          );
          if (error instanceof ApiError) {
            const refused = Object.entries(error.fields)
              .filter(([field]) => field.startsWith('lines'))
              .map(([field, message]) => {
                const line = /^lines\.(\d+)\./.exec(field);
                if (!line) return message;
                const n = Number(line[1]);
                return `${lineNames[n] ?? `Line ${n + 1}`}: ${message}`;
              });
            setRefusals({ lines: JSON.stringify(lines), items: refused });
            if (refused.length > 0) onLinesRefused();
          }
          setServerFieldErrors(error, FIELDS, setError);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="checkout-title">
      <div className="card-body gap-4">
        <h2 id="checkout-title" className="card-title text-lg">
          Checkout
        </h2>
        <InputField id="checkout-phone" label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextareaField
          id="checkout-address"
          label="Address"
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <InputField
          id="checkout-po"
          label="PO number (optional)"
          hint="Your own purchase-order reference, shown on the order."
          autoComplete="off"
          maxLength={40}
          error={errors.poNumber?.message}
          {...register('poNumber')}
        />
        <InvoicedTo {...business} />
        {shownRefusals.length > 0 && (
          <ul role="alert" className="list-disc pl-5 text-sm text-error">
            {shownRefusals.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
        <button type="submit" className="btn btn-primary" disabled={disabled || placeOrder.isPending}>
          {placeOrder.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Place order and pay
        </button>
      </div>
    </form>
  );
}
