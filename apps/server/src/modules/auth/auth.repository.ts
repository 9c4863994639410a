import { sql, type Kysely } from 'kysely';
import { builtOncePerShape } from '../../db/built-once.ts';
import type { DialectName } from '../../db/connect.ts';
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
 * The sessions of (verified) cookie tokens with their users, in one query for all of them: the
 * session reader asks once per turn of the event loop for the signed-in requests that turn read
 * (session-reader.ts). Built once per dialect (db/built-once.ts), and prepared once per
 * connection on PostgreSQL (db/connect.ts): the tokens are one value, a JSON array, whatever
 * their number. A token with no session has no row.
 */
const sessionsByTokens = builtOncePerShape((db, shape: { dialect: DialectName }, v: { tokens: string }) =>
  db
    .selectFrom('session')
    .modifyFront(sql.raw('/* prepared sessions_by_tokens */'))
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.token',
      'session.expiresAt',
      'user.id',
      'user.email',
      'user.name',
      'user.role',
      'user.image',
      'user.emailVerified',
      'user.deletedAt',
    ])
    // Each token looked up in the session's unique index (PostgreSQL: `= any` of an array, a
    // plan that does not depend on how many).
    .where(
      shape.dialect === 'postgres'
        ? sql<boolean>`${sql.ref('session.token')} = any(array(select jsonb_array_elements_text(${v.tokens}::jsonb)))`
        : sql<boolean>`${sql.ref('session.token')} in (select value from json_each(${v.tokens}))`,
    ),
);

export type SessionRow = Awaited<ReturnType<typeof sessionsByTokens>>[number];

export async function findSessionsByTokens(db: Kysely<Database>, dialect: DialectName, tokens: readonly string[]): Promise<SessionRow[]> {
  return sessionsByTokens(db, { dialect }, { tokens: JSON.stringify(tokens) });
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
