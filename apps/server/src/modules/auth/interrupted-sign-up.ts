import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteUnfinishedSignUp } from './auth.repository.ts';

/**
 * How long a sign-up may take between writing the user and writing its credential. better-auth
 * hashes the password first and then inserts the two rows back to back, so the real gap is a
 * few milliseconds; anything older than this never finished. It must stay below the time a
 * killed server takes to come back (over a second), so that a buyer's retry is never refused.
 */
export const SIGN_UP_GRACE_MS = 500;

/**
 * On SQLite better-auth writes a new user and its credential (account row) as two statements
 * (on PostgreSQL they share a transaction, see auth.ts, and this finds nothing). A server
 * killed between them leaves an email that can neither sign up ("already in use") nor sign in
 * (no password). Before a sign-up, such a remnant (no credential, no session, nothing of the
 * store's pointing at it, older than the grace period) is removed so the sign-up can proceed.
 * It never became an account anyone could use, so removing it loses nothing.
 */
export async function clearInterruptedSignUp(db: Kysely<Database>, email: string, graceMs = SIGN_UP_GRACE_MS): Promise<boolean> {
  return deleteUnfinishedSignUp(db, email.trim().toLowerCase(), Date.now() - graceMs);
}
