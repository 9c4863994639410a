import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ThrottleCount {
  count: number;
  /** Epoch milliseconds when the window ends. */
  resetAt: number;
}

/**
 * Counts one attempt against `key` in one atomic statement (an upsert), so two server
 * processes can never both read "4" and both let a fifth and sixth attempt through. A window
 * that has ended starts again at 1.
 */
export async function hitThrottle(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<ThrottleCount> {
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when auth_throttle.reset_at <= ${now} then 1 else auth_throttle.count + 1 end`,
        reset_at: sql<number>`case when auth_throttle.reset_at <= ${now} then excluded.reset_at else auth_throttle.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/**
 * Takes the lock `key` until `until` if it is free (absent, or its time has passed), in one
 * statement: of several requests racing for it, exactly one wins. Answers whether this one did.
 */
export async function claimLock(db: Kysely<Database>, key: string, until: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, count: 1, reset_at: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, reset_at: until }).where('auth_throttle.reset_at', '<=', now))
    .returning('reset_at')
    .executeTakeFirst();
  return row !== undefined;
}

/** When the lock `key` is taken until (epoch ms), or 0 when it is free. */
export async function lockedUntil(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db.selectFrom('auth_throttle').select('reset_at').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.reset_at) : 0;
}

/** Takes back one attempt that turned out not to be a failure. */
export async function undoThrottleHit(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

/** Forgets a key (e.g. an account's failed sign-ins after it signs in). */
export async function clearThrottle(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/** Forgets every key that starts with one of `prefixes` (an account's counts from every address). */
export async function clearThrottlesStartingWith(db: Kysely<Database>, prefixes: readonly string[]): Promise<void> {
  for (const prefix of prefixes) {
    // substr and a length in characters (code points, as both databases count them), not LIKE:
    // an address may hold % or _.
    await db
      .deleteFrom('auth_throttle')
      .where(sql<boolean>`substr(key, 1, ${[...prefix].length}) = ${prefix}`)
      .execute();
  }
}

/** Drops the counters whose window has ended; returns how many. */
export async function deleteExpiredThrottles(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('auth_throttle').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
