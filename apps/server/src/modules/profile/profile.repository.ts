import type { Profile } from '@toolsify/shared/profile';
import { nowIso, type Db } from '../../db/schema.ts';

const PROFILE_COLUMNS = [
  'phone',
  'education',
  'linkedin',
  'address',
  'company',
  'tax_id as taxId',
  'invoice_email as invoiceEmail',
] as const;

export async function findProfile(db: Db, userId: string): Promise<Profile | undefined> {
  return db.selectFrom('profile').select(PROFILE_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts the user's profile or replaces it (one row per user). */
export async function upsertProfile(db: Db, userId: string, profile: Profile): Promise<Profile> {
  const { taxId, invoiceEmail, ...rest } = profile;
  const values = { ...rest, tax_id: taxId, invoice_email: invoiceEmail, updated_at: nowIso() };
  return db
    .insertInto('profile')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning(PROFILE_COLUMNS)
    .executeTakeFirstOrThrow();
}
