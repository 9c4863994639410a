import { useId } from 'react';
import type { UserListItem } from '@toolsify/shared/users';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { dateFormat as joined } from '../../../lib/date-format.ts';

export interface UsersTableProps {
  users: UserListItem[];
  /** The signed-in admin: their own row cannot be removed, nor their role revoked. */
  currentUserId: string | null;
  /** The user a Make Admin or Revoke admin call is running for. */
  promotingId: string | null;
  onMakeAdmin: (user: UserListItem) => void;
  onRevokeAdmin: (user: UserListItem) => void;
  onRemove: (user: UserListItem) => void;
}

type RowProps = { user: UserListItem } & Omit<UsersTableProps, 'users'>;

/** An admin's row shows a label instead of the Make Admin button, and (not on your own row) Revoke admin. */
function RoleCell({ user, currentUserId, promotingId, onMakeAdmin, onRevokeAdmin }: RowProps) {
  const busy = promotingId === user.id;
  const notVerifiedId = useId();
  if (user.role === 'admin') {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="badge badge-primary badge-soft font-semibold">Admin</span>
        {user.id !== currentUserId && (
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            onClick={() => onRevokeAdmin(user)}
            disabled={busy}
            aria-label={`Revoke admin: ${user.email}`}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Revoke admin
          </button>
        )}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-sm btn-primary btn-outline"
        onClick={() => onMakeAdmin(user)}
        // Anyone may sign up with a colleague's address: only its owner, having opened the emailed link, may be made an admin.
        disabled={busy || !user.emailVerified}
        aria-label={`Make Admin: ${user.email}`}
        aria-describedby={user.emailVerified ? undefined : notVerifiedId}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Make Admin
      </button>
      {!user.emailVerified && (
        <span id={notVerifiedId} className="text-xs text-base-content/70">
          Email not verified
        </span>
      )}
    </span>
  );
}

function RemoveCell({ user, currentUserId, onRemove }: RowProps) {
  if (user.id === currentUserId) return <span className="badge badge-ghost">You</span>;
  return (
    <button
      type="button"
      className="btn btn-sm btn-error btn-outline"
      onClick={() => onRemove(user)}
      aria-label={`Remove User: ${user.email}`}
    >
      Remove User
    </button>
  );
}

/** All Users: email, name, role, joined, and the actions; cards on phones. */
export function UsersTable(props: UsersTableProps) {
  const { users } = props;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="card border border-base-300 bg-base-100 shadow-sm" data-testid={`user-${user.id}`}>
            <div className="card-body gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  <EmailText email={user.email} />
                </p>
                <p className="text-sm text-base-content/70">
                  {user.name} · joined {joined.format(new Date(user.createdAt))}
                </p>
              </div>
              <div className="flex items-center justify-between gap-2 border-t border-base-300 pt-3">
                <RoleCell user={user} {...props} />
                <RemoveCell user={user} {...props} />
              </div>
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <caption className="sr-only">Users</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              <th scope="col" className="text-right">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="hover:bg-base-200/50" data-testid={`user-${user.id}`}>
                <td className="font-medium [overflow-wrap:anywhere]">
                  <EmailText email={user.email} />
                </td>
                <td>{user.name}</td>
                <td>
                  <RoleCell user={user} {...props} />
                </td>
                <td className="whitespace-nowrap">{joined.format(new Date(user.createdAt))}</td>
                <td className="text-right">
                  <RemoveCell user={user} {...props} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
