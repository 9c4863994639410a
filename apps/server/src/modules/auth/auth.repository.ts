import { sql, type Kysely } from 'kysely';
import { builtOnce } from '../../db/built-once.ts';
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

/**
 * The session of a (verified) cookie token with its user, in one query (session-reader.ts), on
 * every signed-in request: built once (db/built-once.ts), and prepared once per connection on
 * PostgreSQL (db/connect.ts).
 */
const sessionByToken = builtOnce((db, v: { token: string }) =>
  db
    .selectFrom('session')
    .modifyFront(sql.raw('/* prepared session_by_token */'))
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'user.id', 'user.email', 'user.name', 'user.role', 'user.image', 'user.emailVerified', 'user.deletedAt'])
    .where('session.token', '=', v.token),
);

export async function findSessionByToken(db: Kysely<Database>, token: string) {
  const [row] = await sessionByToken(db, { token });
  return row;
}

/**
 * Deletes the user with `email` created before `createdBefore` (epoch ms) if it never became an
 * account: no credential, no session, nothing of the store's pointing at it (see
 * interrupted-sign-up.ts). One statement: a credential or session written meanwhile keeps it.
 */
export async function deleteUnfinishedSignUp(db: Kysely<Database>, email: string, createdBefore: number): Promise<boolean> {
  const user = await db.selectFrom('user').select(['id', 'createdAt']).where('email', '=', email).executeTakeFirst();
  if (!user || new Date(user.createdAt).getTime() > createdBefore) return false;
  const result = await db
    .deleteFrom('user')
    .where('id', '=', user.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account')
            .select(sql<number>`1`.as('x'))
            .where('account.userId', '=', user.id)
            .unionAll(
              selectFrom('session')
                .select(sql<number>`1`.as('x'))
                .where('session.userId', '=', user.id),
            )
            .unionAll(
              selectFrom('orders')
                .select(sql<number>`1`.as('x'))
                .where('orders.user_id', '=', user.id),
            )
            .unionAll(
              selectFrom('review')
                .select(sql<number>`1`.as('x'))
                .where('review.user_id', '=', user.id),
            )
            .unionAll(
              selectFrom('profile')
                .select(sql<number>`1`.as('x'))
                .where('profile.user_id', '=', user.id),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
