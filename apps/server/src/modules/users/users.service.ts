import type { UserListItem, UserPage, UserPageQuery } from '@toolsify/shared/users';
import { cancelUnpaidOrdersOf } from '../orders/orders.service.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import { findUsersPage, grantAdminById, lockLiveAdminIds, softDeleteUser, toUserListItem } from './users.repository.ts';

/** The page cursor: the last row's creation time and id, opaque to clients. */
function encodeCursor(item: UserListItem): string {
  return Buffer.from(JSON.stringify([item.createdAt, item.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    ) {
      return { createdAt: new Date(value[0]).toISOString(), id: value[1] };
    }
  } catch {
    // fall through: not a cursor we made
  }
  throw new AppError('VALIDATION_FAILED', 'cursor: Not a valid cursor', { cursor: 'Not a valid cursor' });
}

/** All Users: live accounts, newest first, cursor-paginated. */
export async function listUsers(deps: Pick<ServiceDeps, 'db'>, query: UserPageQuery): Promise<UserPage> {
  const { db } = deps;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const rows = await findUsersPage(db, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toUserListItem, encodeCursor);
}

/** Make Admin: idempotent; a removed or unknown user is a 404. */
export async function makeAdmin(deps: Pick<ServiceDeps, 'db'>, id: string): Promise<UserListItem> {
  const { db } = deps;
  const row = await grantAdminById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This user does not exist or was removed.');
  return toUserListItem(row);
}

/**
 * Remove User: never yourself, never the last admin. Orders and reviews stay (they carry the
 * buyer's name and email); the user is signed out at once and can no longer sign in, so their
 * unpaid orders are cancelled and the stock comes back. See docs/decisions/003-removing-users.md.
 */
export async function removeUser(deps: ServiceDeps, actorId: string, id: string): Promise<void> {
  if (id === actorId) throw new AppError('FORBIDDEN', 'You cannot remove your own account.');
  await deps.db.transaction().execute(async (trx) => {
    const admins = await lockLiveAdminIds(trx, deps.dialect);
    // Checked under the lock: another admin may have removed this one a moment ago.
    if (!admins.includes(actorId)) throw new AppError('FORBIDDEN', 'Only an admin may do that.');
    if (admins.includes(id) && admins.length <= 1) throw new AppError('CONFLICT', 'The last admin cannot be removed.');
    if (!(await softDeleteUser(trx, id))) throw new AppError('NOT_FOUND', 'This user does not exist or was removed.');
  });
  await cancelUnpaidOrdersOf(deps, id);
}
