import type { UserListItem, UserPage, UserPageQuery } from '@toolsify/shared/users';
import { cancelUnpaidOrdersOf } from '../orders/orders.service.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import type { Db } from '../../db/schema.ts';
import {
  findLiveUserSummary,
  findUsersPage,
  grantAdminById,
  lockLiveAdminIds,
  revokeAdminById,
  softDeleteUser,
  toUserListItem,
} from './users.repository.ts';

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
  const rows = await findUsersPage(db, { limit: query.limit + 1, after, q: query.q });
  return pageOf(rows, query.limit, toUserListItem, encodeCursor);
}

/** An admin's change to another account's role, recorded in the audit log in the change's transaction. */
async function recordRoleChange(db: Db, actorId: string, target: { id: string; email: string }, from: Role, to: Role): Promise<void> {
  await recordAudit(db, {
    actorId,
    action: to === 'admin' ? 'user.make_admin' : 'user.revoke_admin',
    target: { type: 'user', id: target.id, label: target.email },
    before: { role: from },
    after: { role: to },
  });
}

type Role = 'admin' | 'user';

const userGone = () => new AppError('NOT_FOUND', 'This user does not exist or was removed.');

/** Make Admin: idempotent; a removed or unknown user is a 404. */
export async function makeAdmin(deps: Pick<ServiceDeps, 'db' | 'log'>, actorId: string, id: string): Promise<UserListItem> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findLiveUserSummary(trx, id);
    if (!before) throw userGone();
    // Anyone can sign up with a colleague's address: until its owner opens the emailed link, it is not theirs.
    if (!before.emailVerified)
      throw new AppError(
        'INVALID_STATE',
        `${before.email} has not verified this email address yet: only a verified account can be made an admin.`,
      );
    const row = await grantAdminById(trx, id);
    if (!row) throw userGone();
    const item = toUserListItem(row);
    if (before.role !== 'admin') {
      await recordRoleChange(trx, actorId, before, 'user', 'admin');
    }
    return item;
  });
}

/**
 * Revoke admin: the account stays, as a customer, from its next request on. Never yourself
 * (409), never the last admin (409), never an address listed in ADMIN_EMAILS (409: the list
 * would grant it again at the next sign-in; take it off the list first). Checked under the
 * lock on the admins (see lockLiveAdminIds): two admins revoking each other at once leave one.
 * Idempotent for a user who is not an admin; a removed or unknown user is a 404.
 */
export async function revokeAdmin(
  deps: Pick<ServiceDeps, 'db' | 'dialect' | 'log' | 'config'>,
  actorId: string,
  id: string,
): Promise<UserListItem> {
  return deps.db.transaction().execute(async (trx) => {
    const admins = await lockLiveAdminIds(trx, deps.dialect);
    // Checked under the lock: another admin may have revoked this one a moment ago.
    if (!admins.includes(actorId)) throw new AppError('FORBIDDEN', 'Only an admin may do that.');
    const target = await findLiveUserSummary(trx, id);
    if (!target) throw userGone();
    if (!admins.includes(id)) return toUserListItem(target);
    if (admins.length <= 1) throw new AppError('CONFLICT', 'The last admin cannot lose the admin role.');
    if (id === actorId) throw new AppError('CONFLICT', 'You cannot revoke your own admin role. Ask another admin.');
    if (deps.config.ADMIN_EMAILS.includes(target.email.toLowerCase())) {
      throw new AppError(
        'CONFLICT',
        `${target.email} is listed in ADMIN_EMAILS, which would make them an admin again at their next sign-in. Take the address off ADMIN_EMAILS first.`,
      );
    }
    const row = await revokeAdminById(trx, id);
    if (!row) throw userGone();
    await recordRoleChange(trx, actorId, target, 'admin', 'user');
    return toUserListItem(row);
  });
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
    const target = await findLiveUserSummary(trx, id);
    if (!target || !(await softDeleteUser(trx, id))) throw new AppError('NOT_FOUND', 'This user does not exist or was removed.');
    await recordAudit(trx, {
      actorId,
      action: 'user.remove',
      target: { type: 'user', id, label: target.email },
      before: { email: target.email, name: target.name, role: target.role === 'admin' ? 'admin' : 'user' },
      after: null,
    });
  });
  await cancelUnpaidOrdersOf(deps, id, actorId);
}
