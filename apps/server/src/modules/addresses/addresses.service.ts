import { addressLabelTaken, MAX_ADDRESSES, tooManyAddresses, type MyAddresses, type ShipToAddress } from '@toolsify/shared/addresses';
import type { z } from 'zod';
import type { addressInputSchema } from '@toolsify/shared/addresses';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { countAddressesOf, deleteAddress, findAddressesOf, insertAddress, replaceAddress } from './addresses.repository.ts';

type AddressesDeps = Pick<ServiceDeps, 'db'>;
type CheckedAddress = z.output<typeof addressInputSchema>;

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
  if ((await countAddressesOf(deps.db, userId)) >= MAX_ADDRESSES) throw new AppError('CONFLICT', tooManyAddresses);
  const address = await insertAddress(deps.db, userId, input.label, input.phone, input.address);
  if (!address) throw labelTaken(input.label);
  return address;
}

/** Replaces one of the buyer's addresses whole: another buyer's is a 404, a label another of theirs has a 409. */
export async function updateAddress(deps: AddressesDeps, userId: string, id: number, input: CheckedAddress): Promise<ShipToAddress> {
  let address: ShipToAddress | undefined;
  try {
    address = await replaceAddress(deps.db, userId, id, input.label, input.phone, input.address);
  } catch (error) {
    if (isUniqueViolation(error)) throw labelTaken(input.label);
    throw error;
  }
  if (!address) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
  return address;
}

export async function removeAddress(deps: AddressesDeps, userId: string, id: number): Promise<void> {
  if (!(await deleteAddress(deps.db, userId, id))) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
}
