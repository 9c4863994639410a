import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, UserTable } from '../../db/schema.ts';

/** Grants admin to the accounts with these emails (ADMIN_EMAILS at start-up, the admin CLI). */
export async function grantAdminByEmail(db: Kysely<Database>, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const result = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('email', 'in', emails.map((e) => e.toLowerCase()))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- All Users (admin) ----

type Db = Kysely<Database> | Transaction<Database>;

export type UserSummaryRow = Pick<Selectable<UserTable>, 'id' | 'email' | 'name' | 'role' | 'createdAt'>;

/** Live users, newest first; the cursor is the last row seen (creation time, then id). */
export async function findUsersPage(
  db: Db,
  { limit, after }: { limit: number; after?: { createdAt: string; id: string } | undefined },
): Promise<UserSummaryRow[]> {
  let query = db.selectFrom('user').select(['id', 'email', 'name', 'role', 'createdAt']).where('deletedAt', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findLiveUserById(db: Db, id: string): Promise<UserSummaryRow | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'role', 'createdAt'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Makes a live user an admin; answers the user, or undefined if there is no such live user. */
export async function grantAdminById(db: Db, id: string): Promise<UserSummaryRow | undefined> {
  return db
    .updateTable('user')
    .set({ role: 'admin', updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(['id', 'email', 'name', 'role', 'createdAt'])
    .executeTakeFirst();
}

/**
 * The ids of the live admins, locked until the transaction ends on PostgreSQL (SQLite runs
 * one write transaction at a time), so two admins removing each other cannot both succeed.
 */
export async function lockLiveAdminIds(trx: Transaction<Database>, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  let query = trx.selectFrom('user').select('id').where('role', '=', 'admin').where('deletedAt', 'is', null).orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

/** The address a removed user's row keeps: unique, and never deliverable (RFC 6761 .invalid). */
export function removedUserEmail(id: string): string {
  return `deleted+${id}@invalid`;
}

/**
 * Removes a user without deleting their row (orders and reviews point at it): marks it
 * deleted, frees the email, and deletes everything that could sign them in again: sessions
 * (so they are signed out at once), accounts with their password or Google link, and
 * pending password-reset tokens.
 */
export async function softDeleteUser(trx: Transaction<Database>, id: string): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await trx
    .updateTable('user')
    .set({ deletedAt: now, updatedAt: now, email: removedUserEmail(id), image: null })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('session').where('userId', '=', id).execute();
  await trx.deleteFrom('account').where('userId', '=', id).execute();
  // better-auth keeps reset tokens as verification rows whose value is the user id.
  await sql`delete from verification where value = ${id}`.execute(trx);
  return true;
}
