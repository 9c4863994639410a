import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
  const user = await db.selectFrom('user').select(['id', 'createdAt']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user || new Date(user.createdAt).getTime() > Date.now() - graceMs) return false;
  const result = await db
    .deleteFrom('user')
    .where('id', '=', user.id)
    // One statement: a credential or session written meanwhile keeps the user.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account')
            .select(sql<number>`1`.as('x'))
            .where('account.userId', '=', user.id)
            .unionAll(selectFrom('session').select(sql<number>`1`.as('x')).where('session.userId', '=', user.id))
            .unionAll(selectFrom('orders').select(sql<number>`1`.as('x')).where('orders.user_id', '=', user.id))
            .unionAll(selectFrom('review').select(sql<number>`1`.as('x')).where('review.user_id', '=', user.id))
            .unionAll(selectFrom('profile').select(sql<number>`1`.as('x')).where('profile.user_id', '=', user.id)),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
