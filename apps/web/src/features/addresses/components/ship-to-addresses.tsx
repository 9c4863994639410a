import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import {
  addressInputSchema,
  MAX_ADDRESS_LABEL_LENGTH,
  MAX_ADDRESSES,
  tooManyAddresses,
  type AddressInput,
  type ShipToAddress,
} from '@toolsify/shared/addresses';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { focusWhenDrawn } from '../../../lib/focus.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { LoadError } from '../../orders/components/load-error.tsx';
import { useCreateAddress, useDeleteAddress, useMyAddresses, useUpdateAddress } from '../api/addresses.ts';

const FIELDS = ['label', 'phone', 'address'] as const;
const ADD_BUTTON_ID = 'ship-to-add';
const editButtonId = (id: number) => `ship-to-edit-${id}`;

/**
 * One address's form, in place of the address it edits (or under the list for a new one): label,
 * phone and address, checked by the rules the server and checkout use. The server's refusal (a
 * label the buyer has given another address) is said under its field; one about no field (the
 * 20 addresses) above the buttons. Escape or Cancel closes it unsaved.
 */
function AddressForm({ editing, onDone }: { editing: ShipToAddress | null; onDone: (saved: ShipToAddress | null) => void }) {
  const id = useId();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const save = editing ? update : create;
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: editing
      ? { label: editing.label, phone: editing.phone, address: editing.address }
      : { label: '', phone: '', address: '' },
  });
  useEffect(() => setFocus('label'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, address: { ...values, updatedAt: editing.updatedAt } })
        : await create.mutateAsync(values);
      toast.success(editing ? `${saved.label} is saved.` : `${saved.label} is added to your ship-to addresses.`);
      onDone(saved);
    } catch (error) {
      if (setServerFieldErrors(error, FIELDS, setError) === 0) {
        setProblem(error instanceof ApiError ? error.message : 'Could not save the address. Please try again.');
      }
    }
  });

  const title = editing ? `Edit ${editing.label}` : 'New ship-to address';
  // Escape in any of its fields closes the form unsaved, as Cancel does.
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDone(null);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4"
      data-testid="ship-to-form"
    >
      <h3 id={`${id}-title`} className="font-semibold [overflow-wrap:anywhere]">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${id}-label`}
          label="Label"
          hint="What you call it: Main warehouse, Site 14."
          error={errors.label?.message}
          autoComplete="off"
          maxLength={MAX_ADDRESS_LABEL_LENGTH}
          onKeyDown={cancelOnEscape}
          {...register('label')}
        />
        <InputField
          id={`${id}-phone`}
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          onKeyDown={cancelOnEscape}
          {...register('phone')}
        />
      </div>
      <TextareaField
        id={`${id}-address`}
        label="Address"
        rows={3}
        autoComplete="street-address"
        error={errors.address?.message}
        onKeyDown={cancelOnEscape}
        {...register('address')}
      />
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {editing ? 'Save address' : 'Add address'}
        </button>
      </div>
    </form>
  );
}

/**
 * My Profile's "Ship-to addresses": the job sites and warehouses the buyer ships to, each under a
 * label; checkout offers them beside My Profile's own phone and address. Added and edited in
 * place, one form at a time; removed after a confirmation.
 *
 * Nothing here is labelled with the word "address" (aria-label, aria-labelledby) while no form is
 * open: a look-up of the control labelled "Address" (the specs make them) finds My Profile's own.
 */
export function ShipToAddresses() {
  const addresses = useMyAddresses();
  const remove = useDeleteAddress();
  // The address whose form is open ('new': the form for a new one), and the one to remove.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<ShipToAddress | null>(null);
  const removed = useRef(false);
  const items = addresses.data?.items ?? [];
  const full = items.length >= MAX_ADDRESSES;

  /** Closes the open form; the focus goes back to what opened it (the saved address's Edit button once saved). */
  const closeForm = (saved: ShipToAddress | null) => {
    const opener = saved ? editButtonId(saved.id) : typeof editing === 'number' ? editButtonId(editing) : ADD_BUTTON_ID;
    setEditing(null);
    focusWhenDrawn(() => document.getElementById(opener));
  };

  return (
    <div className="flex flex-col gap-4" data-testid="ship-to-addresses">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-primary">Ship-to addresses</h2>
          <p className="text-base-content/70">
            Job sites and warehouses you ship to: at checkout, choose one to fill the phone and address.
          </p>
        </div>
      </header>
      {addresses.isPending ? (
        <Spinner label="Loading your ship-to addresses" />
      ) : addresses.isError ? (
        <LoadError message={`Could not load your ship-to addresses: ${addresses.error.message}`} onRetry={() => void addresses.refetch()} />
      ) : (
        <>
          {items.length === 0 && editing !== 'new' && (
            <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70">
              None yet. Add the places you ship to, and checkout fills them in for you.
            </p>
          )}
          {items.length > 0 && (
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((item) =>
                editing === item.id ? (
                  <li key={item.id} className="sm:col-span-2">
                    <AddressForm editing={item} onDone={closeForm} />
                  </li>
                ) : (
                  <li key={item.id} className="card border border-base-300 bg-base-100 shadow-sm" data-testid={`ship-to-${item.id}`}>
                    <div className="card-body gap-2 p-4">
                      <h3 className="font-semibold [overflow-wrap:anywhere]">{item.label}</h3>
                      <p className="text-sm [overflow-wrap:anywhere]">{item.phone}</p>
                      <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{item.address}</p>
                      <div className="card-actions justify-end">
                        <button
                          type="button"
                          id={editButtonId(item.id)}
                          className="btn btn-ghost btn-sm"
                          onClick={() => setEditing(item.id)}
                          aria-label={`Edit ${item.label}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm text-error"
                          onClick={() => setRemoving(item)}
                          aria-label={`Remove ${item.label}`}
                        >
                          Remove
                        </button>
                      </div>
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
          {editing === 'new' ? (
            <AddressForm editing={null} onDone={closeForm} />
          ) : (
            <div className="flex flex-col items-start gap-1">
              <button
                type="button"
                id={ADD_BUTTON_ID}
                className="btn btn-outline btn-primary"
                onClick={() => setEditing('new')}
                disabled={full}
                aria-describedby={full ? 'ship-to-full' : undefined}
              >
                Add a ship-to address
              </button>
              {full && (
                <p id="ship-to-full" className="text-sm text-base-content/70">
                  {tooManyAddresses}.
                </p>
              )}
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.label}?` : 'Remove'}
        confirmLabel="Remove address"
        dismissLabel="Keep it"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        // Its Remove button is gone with it: the focus goes on to Add.
        returnFocus={() => (removed.current ? document.getElementById(ADD_BUTTON_ID) : null)}
        onConfirm={() => {
          if (!removing) return;
          removed.current = false;
          remove.mutate(removing.id, {
            onSuccess: () => {
              removed.current = true;
              toast.success(`${removing.label} is removed.`);
            },
            onError: (error) => toast.error(`Could not remove ${removing.label}: ${error.message}`),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        Checkout no longer offers it; orders already placed keep their address.
      </ConfirmDialog>
    </div>
  );
}
