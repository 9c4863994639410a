import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** better-auth keeps a reset token as a verification row `reset-password:<token>` holding the user id. */
const RESET_PREFIX = 'reset-password:';

/**
 * Revokes the user's password-reset links: all of them (after a reset), or all but the one just
 * issued (`keepToken`), so only the newest link in the mailbox works.
 */
export async function revokeResetTokens(db: Kysely<Database>, userId: string, keepToken?: string): Promise<number> {
  let query = db.deleteFrom('verification').where('identifier', 'like', `${RESET_PREFIX}%`).where('value', '=', userId);
  if (keepToken !== undefined) query = query.where('identifier', '<>', `${RESET_PREFIX}${keepToken}`);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SessionOwner {
  deletedAt: Date | string | null;
  email: string;
  emailVerified: boolean | number;
  role: string | null;
}

/** What creating a session needs to know about its user (removed? listed admin, verified?). */
export async function findSessionOwner(db: Kysely<Database>, userId: string): Promise<SessionOwner | undefined> {
  return db.selectFrom('user').select(['deletedAt', 'email', 'emailVerified', 'role']).where('id', '=', userId).executeTakeFirst();
}
