import type { ShipToAddress } from '@toolsify/shared/addresses';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';

/** The select's value for My Profile's phone and address (a saved address's is its id), and for others typed. */
const MY_PROFILE = '';
const TYPED = 'typed';

/** Where an order goes, as the two fields hold it and as a Ship to choice fills them. */
export interface ShipToFields {
  phone: string;
  address: string;
}

/**
 * "Ship to" over an order's phone and address fields (checkout, the purchase page): My Profile's
 * or one of the buyer's ship-to addresses. Choosing fills the two fields, which the buyer may
 * still change; it shows what they hold: a saved address, My Profile's, or what was typed.
 * Nothing when the buyer has no ship-to address (My Profile's is what the fields start with).
 */
export function ShipToSelect({
  id,
  addresses,
  profile,
  typed,
  onChoose,
}: {
  id: string;
  addresses: readonly ShipToAddress[];
  /** My Profile's phone and address. */
  profile: ShipToFields;
  /** What the fields hold now. */
  typed: ShipToFields;
  /** The phone and address to put in the fields, and whether they are a saved ship-to address's. */
  onChoose: (fields: ShipToFields, savedAddress: boolean) => void;
}) {
  if (addresses.length === 0) return null;
  const holding = shipToHolding(addresses, typed);
  const differs = typed.phone.trim() !== profile.phone || typed.address.trim() !== profile.address;
  const value = holding ? String(holding.id) : differs ? TYPED : MY_PROFILE;
  const choose = (chosenId: string) => {
    const chosen = addresses.find((a) => String(a.id) === chosenId);
    onChoose(chosen ? { phone: chosen.phone, address: chosen.address } : profile, chosen !== undefined);
  };
  return (
    <FormField id={id} label="Ship to" hint="Fills the phone and address below; you can still change them.">
      <select
        id={id}
        className="select w-full"
        value={value}
        onChange={(event) => choose(event.target.value)}
        {...fieldAria(id, undefined, true)}
      >
        <option value={MY_PROFILE}>My Profile's address</option>
        {value === TYPED && (
          <option value={TYPED} disabled>
            As typed below
          </option>
        )}
        {addresses.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The saved ship-to address the fields hold exactly, if any. */
export function shipToHolding(addresses: readonly ShipToAddress[], typed: ShipToFields): ShipToAddress | undefined {
  return addresses.find((a) => a.phone === typed.phone.trim() && a.address === typed.address.trim());
}
