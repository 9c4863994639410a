import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-hot-toast';
import { Link } from 'wouter';
import { addressField, phoneField, poNumberField, type OrderLineInput } from '@toolsify/shared/orders';
import type { Profile } from '@toolsify/shared/profile';
import { messages } from '@toolsify/shared/messages';
import {
  addressInputSchema,
  addressLabelTaken,
  MAX_ADDRESS_LABEL_LENGTH,
  MAX_ADDRESSES,
  type ShipToAddress,
} from '@toolsify/shared/addresses';
import { InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useProfile } from '../../profile/api/get-profile.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useUpdateProfile } from '../../profile/api/update-profile.ts';
import { useCreateAddress, useMyAddresses } from '../../addresses/api/addresses.ts';
import { ShipToSelect, shipToHolding, type ShipToFields } from '../../addresses/components/ship-to-select.tsx';
import { isTransientError, newIdempotencyKey, usePlaceOrder } from '../../orders/api/place-order.ts';
import { PoNumberField } from '../../orders/components/po-number-field.tsx';

const checkoutSchema = z.object({
  phone: phoneField,
  address: addressField,
  poNumber: z.string(),
  remember: z.boolean(),
  // "Keep these as a job site" (a ship-to address) and its label, checked on submit only while it is offered.
  saveShipTo: z.boolean(),
  shipToLabel: z.string(),
});
type CheckoutValues = z.infer<typeof checkoutSchema>;
const FIELDS = ['phone', 'address', 'poNumber'] as const;

/** The PO number typed and not yet ordered, kept in this tab (sessionStorage) so a reload keeps it. */
const PO_DRAFT_KEY = 'toolsify.checkout.po';
const poDraft = {
  read: (): string => {
    try {
      return sessionStorage.getItem(PO_DRAFT_KEY) ?? '';
    } catch {
      return '';
    }
  },
  write: (value: string): void => {
    try {
      if (value) sessionStorage.setItem(PO_DRAFT_KEY, value);
      else sessionStorage.removeItem(PO_DRAFT_KEY);
    } catch {
      // Storage refused (private mode, full): the field still holds it until a reload.
    }
  },
};

interface CheckoutProps {
  /** The cart's lines, each with the unit price the buyer is shown (the order is refused if it changed). */
  lines: OrderLineInput[];
  /** What the buyer calls each line (its tool's name), in the lines' order: a refused line is named by it. */
  lineNames: readonly string[];
  disabled: boolean;
  onPlaced: (orderId: number) => Promise<void>;
  /** The order was refused for its lines (the stock, a price or a tool changed since the cart was read): read them again. */
  onLinesRefused: () => void;
}

/**
 * Checkout: phone and address (the saved profile's to start with, or one of the buyer's ship-to
 * addresses; other ones may be saved to either for the next order), the buyer's own PO number and
 * the company the invoice is made out to (their profile's); places the cart as one order (all or
 * nothing), then the buyer goes on to pay it.
 */
export function CheckoutForm(props: CheckoutProps) {
  const profile = useProfile();
  const addresses = useMyAddresses();
  // The ship-to addresses' first answer is waited for, so Ship to does not push the fields down
  // under a buyer already typing; when it fails, checkout goes on without them (a retry may bring them).
  const addressesPending = addresses.isPending && addresses.failureCount === 0;
  if (profile.isPending || addressesPending) return <span className="loading loading-spinner" aria-label="Loading your details" />;
  return (
    <CheckoutFields
      {...props}
      // A profile with no phone and address yet: saved from this order unless the buyer says not to.
      defaults={{
        phone: profile.data?.phone ?? '',
        address: profile.data?.address ?? '',
        poNumber: poDraft.read(),
        remember: !profile.data?.phone && !profile.data?.address,
        saveShipTo: false,
        shipToLabel: '',
      }}
      business={{ company: profile.data?.company ?? '', taxId: profile.data?.taxId ?? '' }}
      profile={profile.data}
      addresses={addresses.data?.items ?? []}
    />
  );
}

/** Before an order of someone whose email is not verified: where its receipt and invoice will go, and how to verify it. */
function UnverifiedEmailNote() {
  const me = useMe().data;
  if (!me || me.emailVerified) return null;
  return (
    <p className="rounded-box border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="checkout-unverified">
      The receipt and the invoice go to <strong className="[overflow-wrap:anywhere]">{me.email}</strong>, which is not verified yet: open
      the link we sent there, or send it again from your{' '}
      <Link href="~/dashboard" className="link">
        Dashboard
      </Link>
      .
    </p>
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
  profile,
  addresses,
}: CheckoutProps & {
  defaults: CheckoutValues;
  business: { company: string; taxId: string };
  profile: Profile | undefined;
  addresses: readonly ShipToAddress[];
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<CheckoutValues>({ resolver: zodResolver(checkoutSchema), defaultValues: defaults });
  const placeOrder = usePlaceOrder();
  const saveProfile = useUpdateProfile();
  const createShipTo = useCreateAddress();
  const [phone, address, savingShipTo] = useWatch({ control, name: ['phone', 'address', 'saveShipTo'] });
  // Offered when what is typed is not what My Profile holds.
  const differs = profile !== undefined && (phone.trim() !== profile.phone || address.trim() !== profile.address);
  const chooseShipTo = (filled: ShipToFields, savedAddress: boolean) => {
    setValue('phone', filled.phone, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('address', filled.address, { shouldDirty: true, shouldValidate: isSubmitted });
    // A job site's address is not copied to My Profile unless the buyer asks for it.
    if (savedAddress) setValue('remember', false);
  };
  // Offered, for a phone and address that are neither one of the buyer's ship-to addresses nor
  // My Profile's (which Ship to offers already), to a buyer who has somewhere already (My
  // Profile's, or ship-to addresses with room for one more): this one is another place. A
  // first order's only offer is My Profile.
  const typedIsKnown = shipToHolding(addresses, { phone, address }) !== undefined;
  const hasSomewhere = addresses.length > 0 || Boolean(profile?.phone || profile?.address);
  const offerShipTo = hasSomewhere && addresses.length < MAX_ADDRESSES && differs && !typedIsKnown;
  const [attempt, setAttempt] = useState<{ key: string; payload: string } | null>(null);
  // Why the server refused the lines, kept for the lines it refused: a changed cart clears it
  // (a price read again does not: its refusal says what the price became).
  const cartKey = JSON.stringify(lines.map((line) => [line.toolId, line.quantity]));
  const [refusals, setRefusals] = useState<{ lines: string; items: string[] }>({ lines: '', items: [] });
  const shownRefusals = refusals.lines === cartKey ? refusals.items : [];

  const onSubmit = handleSubmit((values) => {
    const poNumber = poNumberField.safeParse(values.poNumber);
    if (!poNumber.success) {
      setError('poNumber', { message: poNumber.error.issues[0]?.message ?? 'Not a PO number' });
      return;
    }
    // The new ship-to address's label, checked before the order (saved once it is placed).
    let shipToLabel: string | null = null;
    if (offerShipTo && values.saveShipTo) {
      const label = addressInputSchema.shape.label.safeParse(values.shipToLabel);
      if (!label.success) {
        setError('shipToLabel', { message: label.error.issues[0]?.message ?? 'Label the address' }, { shouldFocus: true });
        return;
      }
      if (addresses.some((a) => a.label.toLowerCase() === label.data.toLowerCase())) {
        setError('shipToLabel', { message: addressLabelTaken(label.data) }, { shouldFocus: true });
        return;
      }
      shipToLabel = label.data;
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
          poDraft.write('');
          toast.success(messages.orderPlaced);
          // Saved before the page moves on to paying: a refusal is told (a mutate's own callbacks
          // would not run once this form is gone).
          const saves: Array<Promise<unknown>> = [];
          if (profile && differs && values.remember) {
            const next = { ...profile, phone: values.phone.trim(), address: values.address.trim() };
            saves.push(
              saveProfile
                .mutateAsync(next)
                .catch(() => toast.error('The order is placed, but the phone and address could not be saved to My Profile.')),
            );
          }
          if (shipToLabel !== null) {
            saves.push(
              createShipTo
                .mutateAsync({ label: shipToLabel, phone: values.phone, address: values.address })
                .catch((error: unknown) =>
                  toast.error(
                    `The order is placed, but the address could not be saved as a ship-to address: ${error instanceof Error ? error.message : 'please try again from My Profile'}`,
                    { duration: 8_000 },
                  ),
                ),
            );
          }
          await Promise.all(saves);
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
            setRefusals({ lines: cartKey, items: refused });
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
        <ShipToSelect
          id="checkout-ship-to"
          addresses={addresses}
          profile={{ phone: profile?.phone ?? '', address: profile?.address ?? '' }}
          typed={{ phone, address }}
          onChoose={chooseShipTo}
        />
        <InputField id="checkout-phone" label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextareaField
          id="checkout-address"
          label="Address"
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        {/* Under the two fields it is about ("these"): its words name neither, so it is not taken for either's label. */}
        {differs && (
          <label className="-mt-2 flex cursor-pointer items-start gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" {...register('remember')} />
            <span>Save these to My Profile for my next orders</span>
          </label>
        )}
        {offerShipTo && (
          <div className="-mt-2 flex flex-col gap-2">
            <label className="flex cursor-pointer items-start gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" {...register('saveShipTo')} />
              {/* Its words name neither field (specs and screen readers find "Address" by its label). */}
              <span>Keep these as a job site for later orders</span>
            </label>
            {savingShipTo && (
              <InputField
                id="checkout-ship-to-label"
                label="Label"
                hint="What you call it: Main warehouse, Site 14."
                autoComplete="off"
                maxLength={MAX_ADDRESS_LABEL_LENGTH}
                error={errors.shipToLabel?.message}
                {...register('shipToLabel')}
              />
            )}
          </div>
        )}
        <PoNumberField
          id="checkout-po"
          error={errors.poNumber?.message}
          {...register('poNumber', { onChange: (event: { target: { value: string } }) => poDraft.write(event.target.value) })}
        />
        <InvoicedTo {...business} />
        <UnverifiedEmailNote />
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
