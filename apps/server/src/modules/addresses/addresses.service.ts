import {
  addressChanged,
  addressLabelTaken,
  MAX_ADDRESSES,
  tooManyAddresses,
  type MyAddresses,
  type ShipToAddress,
} from '@toolsify/shared/addresses';
import type { z } from 'zod';
import type { addressInputSchema, addressUpdateSchema } from '@toolsify/shared/addresses';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { countAddressesOf, deleteAddress, findAddressesOf, insertAddress, replaceAddress } from './addresses.repository.ts';
import { lockUser } from '../users/users.repository.ts';

type AddressesDeps = Pick<ServiceDeps, 'db' | 'dialect'>;
type CheckedAddress = z.output<typeof addressInputSchema>;
type CheckedUpdate = z.output<typeof addressUpdateSchema>;

const ADDRESS_NOT_FOUND = 'This address was not found. It may have been removed.';
const labelTaken = (label: string) => new AppError('CONFLICT', `label: ${addressLabelTaken(label)}`, { label: addressLabelTaken(label) });

/** The signed-in buyer's ship-to addresses, by label. */
export async function listMyAddresses(deps: AddressesDeps, userId: string): Promise<MyAddresses> {
  return { items: await findAddressesOf(deps.db, userId) };
}

/**
 * Saves a new address: at most MAX_ADDRESSES a buyer, each label once in any case (a 409 naming
 * the field; the unique index decides between two saves of one label at once).
 */
export async function createAddress(deps: AddressesDeps, userId: string, input: CheckedAddress): Promise<ShipToAddress> {
  // Counted and inserted as one: two saves at once cannot both take the last place.
  const address = await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, deps.dialect, userId);
    if ((await countAddressesOf(trx, userId)) >= MAX_ADDRESSES) throw new AppError('CONFLICT', tooManyAddresses);
    return insertAddress(trx, userId, input.label, input.phone, input.address);
  });
  if (!address) throw labelTaken(input.label);
  return address;
}

/** Replaces one of the buyer's addresses whole: another buyer's is a 404, a label another of theirs has a 409. */
export async function updateAddress(deps: AddressesDeps, userId: string, id: number, input: CheckedUpdate): Promise<ShipToAddress> {
  let address: ShipToAddress | undefined;
  try {
    address = await replaceAddress(deps.db, userId, id, input.label, input.phone, input.address, input.updatedAt);
  } catch (error) {
    if (isUniqueViolation(error)) throw labelTaken(input.label);
    throw error;
  }
  if (address) return address;
  // Not replaced: gone (or never theirs), or changed since it was read.
  if (input.updatedAt !== undefined && (await findAddressesOf(deps.db, userId)).some((a) => a.id === id)) {
    throw new AppError('CONFLICT', addressChanged);
  }
  throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
}

export async function removeAddress(deps: AddressesDeps, userId: string, id: number): Promise<void> {
  if (!(await deleteAddress(deps.db, userId, id))) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
}
