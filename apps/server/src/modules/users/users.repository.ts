import { createHash } from 'node:crypto';
import type { DialectName } from '../../db/connect.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { removedUserEmail, type UserListItem } from '@toolsify/shared/users';
import { toIso, type Database, type UserTable, type Db } from '../../db/schema.ts';
import { columnContains } from '../../db/like.ts';

/** How a removed account's address is remembered: never the address itself. */
export function removedEmailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Whether `email` belonged to an account that was removed. */
export async function isRemovedEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('removed_email')
    .select('email_hash')
    .where('email_hash', '=', removedEmailHash(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * ADMIN_EMAILS: grants admin to the listed accounts that have proved their address (verified
 * email, or Google) and whose address never belonged to a removed account. Answers how many
 * accounts it changed. Used at start-up, after a verification and at sign-in.
 */
export async function grantListedAdmins(db: Kysely<Database>, listed: string[], onlyEmail?: string): Promise<number> {
  const emails = listed.map((e) => e.toLowerCase()).filter((e) => onlyEmail === undefined || e === onlyEmail.toLowerCase());
  if (emails.length === 0) return 0;
  const removed = new Set(
    (await db.selectFrom('removed_email').select('email_hash').where('email_hash', 'in', emails.map(removedEmailHash)).execute()).map(
      (r) => r.email_hash,
    ),
  );
  const grantable = emails.filter((e) => !removed.has(removedEmailHash(e)));
  if (grantable.length === 0) return 0;
  const result = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('email', 'in', grantable)
    .where('deletedAt', 'is', null)
    // A boolean on PostgreSQL, 0/1 on SQLite: true in both as a bare condition.
    .where(sql<boolean>`${sql.ref('emailVerified')}`)
    .where((eb) => eb.or([eb('role', 'is', null), eb('role', '<>', 'admin')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which of `emails` have a (not removed) account. */
export async function findLiveUserEmails(db: Kysely<Database>, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  return (await db.selectFrom('user').select('email').where('email', 'in', emails).where('deletedAt', 'is', null).execute()).map(
    (u) => u.email,
  );
}

/** The admin CLI: grants admin to the accounts with these emails, deliberately, whatever their state. */
export async function grantAdminByEmail(db: Kysely<Database>, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const result = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- All Users (admin) ----

/** A user as All Users lists them (the columns SUMMARY reads). */
export type UserSummaryRow = Pick<Selectable<UserTable>, 'id' | 'email' | 'name' | 'role' | 'createdAt' | 'emailVerified'>;
const SUMMARY = ['id', 'email', 'name', 'role', 'createdAt', 'emailVerified'] as const;

/** A row of All Users as the API answers it. */
export function toUserListItem(row: UserSummaryRow): UserListItem {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'user',
    emailVerified: Boolean(row.emailVerified),
    createdAt: toIso(row.createdAt),
  };
}

/** Live users, newest first, those whose email or name holds `q` (case aside); the cursor is the last row seen (creation time, then id). */
export async function findUsersPage(
  db: Db,
  { limit, after, q }: { limit: number; after?: { createdAt: string; id: string } | undefined; q?: string | undefined },
): Promise<UserSummaryRow[]> {
  let query = db.selectFrom('user').select(SUMMARY).where('deletedAt', 'is', null);
  if (q) query = query.where((eb) => eb.or([columnContains('email', q), columnContains('name', q)]));
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Makes a live user an admin; answers the user, or undefined if there is no such live user. */
export async function grantAdminById(db: Db, id: string): Promise<UserSummaryRow | undefined> {
  return db
    .updateTable('user')
    .set({ role: 'admin', updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(SUMMARY)
    .executeTakeFirst();
}

/** A live user's row as All Users shows it, or undefined. */
export async function findLiveUserSummary(db: Db, id: string): Promise<UserSummaryRow | undefined> {
  return db.selectFrom('user').select(SUMMARY).where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

/** Takes the admin role from a live user (a customer again); answers the user, or undefined. */
export async function revokeAdminById(db: Db, id: string): Promise<UserSummaryRow | undefined> {
  return db
    .updateTable('user')
    .set({ role: null, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(SUMMARY)
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

/**
 * Removes a user without deleting their row (orders and reviews point at it): marks it
 * deleted, frees the email, and deletes everything that could sign them in again: sessions
 * (so they are signed out at once), accounts with their password or Google link, and
 * pending password-reset tokens; and what only their next orders would have used (cart, saved
 * lists, ship-to addresses).
 */
export async function softDeleteUser(trx: Transaction<Database>, id: string): Promise<boolean> {
  const now = new Date().toISOString();
  const user = await trx.selectFrom('user').select('email').where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
  if (!user) return false;
  // Remembered (hashed) so ADMIN_EMAILS never hands this address admin again.
  await trx
    .insertInto('removed_email')
    .values({ email_hash: removedEmailHash(user.email), removed_at: now })
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
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
  // What only their next orders would use: their cart, saved lists and ship-to addresses (an
  // order keeps its own copy of where it went).
  await trx.deleteFrom('cart').where('user_id', '=', id).execute();
  await trx.deleteFrom('saved_list').where('user_id', '=', id).execute();
  await trx.deleteFrom('ship_to_address').where('user_id', '=', id).execute();
  return true;
}

/**
 * Holds a user's own rows (their lists, their ship-to addresses) until the caller's transaction
 * ends: PostgreSQL locks their user row, so a second save of theirs waits, then counts the
 * first's (a cap on how many they keep holds under saves at once). SQLite runs one transaction
 * at a time already.
 */
export async function lockUser(db: Db, dialect: DialectName, userId: string): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
}
