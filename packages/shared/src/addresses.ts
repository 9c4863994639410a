import { z } from 'zod';
import { addressField, hasNoControlCharacters, phoneField } from './orders.ts';

/**
 * Ship-to addresses (a B2B buyer's address book): the job sites, warehouses and offices a buyer
 * ships to, each under a label of their own ("Main warehouse", "Site 14, Leeds"). Kept per buyer
 * on the server; checkout offers them beside My Profile's phone and address, and fills the two
 * fields with the one chosen. Phone and address follow checkout's own rules, so an address the
 * book holds is always one an order takes.
 */

/** The most ship-to addresses one buyer keeps. */
export const MAX_ADDRESSES = 20;
export const MAX_ADDRESS_LABEL_LENGTH = 60;

const addressLabel = z
  .string({ error: 'Label the address' })
  .trim()
  .min(1, 'Label the address')
  .max(MAX_ADDRESS_LABEL_LENGTH, `A label must be ${MAX_ADDRESS_LABEL_LENGTH} characters or shorter`)
  .refine(hasNoControlCharacters, 'A label must be one line of text')
  // Written one way however it was typed: "Main  warehouse" is Main warehouse, and an accent typed
  // as its own character is the accented letter, so two labels that read alike are one label.
  .transform((label) => label.normalize('NFC').replace(/\s+/g, ' '));

/**
 * `POST /api/me/addresses` (a new address) and `PUT /api/me/addresses/:id` (an address replaced
 * whole): its label (unique among the buyer's addresses, in any case), phone and address.
 */
export const addressInputSchema = z.strictObject({
  label: addressLabel,
  phone: phoneField,
  address: addressField,
});
export type AddressInput = z.input<typeof addressInputSchema>;

/**
 * `PUT /api/me/addresses/:id`: the address, and the `updatedAt` it was read with: an address
 * changed since (in another tab, on another device) is not overwritten (409; read it again).
 * Without it the address is replaced whatever it is.
 */
export const addressUpdateSchema = addressInputSchema.extend({
  updatedAt: z.iso.datetime({ error: 'updatedAt must be the updatedAt the address was read with' }).optional(),
});
export type AddressUpdate = z.input<typeof addressUpdateSchema>;
export const addressChanged =
  'This address was changed in another tab or on another device. It is shown as it is now: make your change again.';

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  phone: z.string(),
  address: z.string(),
  updatedAt: z.string(),
});
export type ShipToAddress = z.infer<typeof addressSchema>;

/** `GET /api/me/addresses`: the signed-in buyer's addresses by label (at most MAX_ADDRESSES, so no paging). */
export const myAddressesSchema = z.object({ items: z.array(addressSchema) });
export type MyAddresses = z.infer<typeof myAddressesSchema>;

/** The message for a label the buyer has given another of their addresses. */
export const addressLabelTaken = (label: string): string => `You already have an address labelled "${label}"`;
export const tooManyAddresses = `You keep ${MAX_ADDRESSES} ship-to addresses at most: remove one to add another`;
