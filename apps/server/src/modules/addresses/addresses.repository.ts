import type { ShipToAddress } from '@toolsify/shared/addresses';
import { nextVersion, toIso, type Db } from '../../db/schema.ts';
import type { ShipToAddressTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

type AddressRow = Selectable<ShipToAddressTable>;

const toAddress = (row: AddressRow): ShipToAddress => ({
  id: row.id,
  label: row.label,
  phone: row.phone,
  address: row.address,
  updatedAt: toIso(row.updated_at),
});

/** What an address's row stores of its label, phone and address, as the version after `version` (nextVersion). */
const stored = (label: string, phone: string, address: string, version?: string) => ({
  label,
  label_key: label.toLocaleLowerCase('en-US'),
  phone,
  address,
  updated_at: nextVersion(version),
});

/**
 * Labels in the order a person reads them: "Site 2" before "Site 10", case aside. Sorted here,
 * not by the database, so SQLite and PostgreSQL (whose collations differ) answer one order.
 */
const byLabel = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The buyer's addresses, by label. */
export async function findAddressesOf(db: Db, userId: string): Promise<ShipToAddress[]> {
  const rows = await db.selectFrom('ship_to_address').selectAll().where('user_id', '=', userId).execute();
  return rows.map(toAddress).sort((a, b) => byLabel.compare(a.label, b.label) || a.id - b.id);
}

export async function countAddressesOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ship_to_address')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new address; undefined when the buyer has an address of this label (in any case) already. */
export async function insertAddress(
  db: Db,
  userId: string,
  label: string,
  phone: string,
  address: string,
): Promise<ShipToAddress | undefined> {
  const row = await db
    .insertInto('ship_to_address')
    .values({ user_id: userId, ...stored(label, phone, address) })
    .onConflict((oc) => oc.columns(['user_id', 'label_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toAddress(row) : undefined;
}

/**
 * Replaces one of the buyer's addresses whole, and with `version` only if it is still the one
 * of that `updatedAt`; undefined when it is not theirs (or gone), or changed since. A label
 * another of their addresses has throws a unique violation.
 */
export async function replaceAddress(
  db: Db,
  userId: string,
  id: number,
  label: string,
  phone: string,
  address: string,
  version?: string,
): Promise<ShipToAddress | undefined> {
  let query = db
    .updateTable('ship_to_address')
    .set(stored(label, phone, address, version))
    .where('user_id', '=', userId)
    .where('id', '=', id);
  if (version !== undefined) query = query.where('updated_at', '=', version);
  const row = await query.returningAll().executeTakeFirst();
  return row ? toAddress(row) : undefined;
}

/** Deletes one of the buyer's addresses; answers whether there was one. */
export async function deleteAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ship_to_address').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
