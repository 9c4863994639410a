import { useState } from 'react';
import { useSearchParams } from 'wouter';
import type { ApplySearch } from '../../../lib/use-typed-search.ts';
import { ListSearch } from '../../../components/ui/list-search.tsx';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import type { UserListItem } from '@toolsify/shared/users';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useUsers } from '../../../features/users/api/get-users.ts';
import { useMakeAdmin } from '../../../features/users/api/make-admin.ts';
import { useRemoveUser } from '../../../features/users/api/remove-user.ts';
import { useRevokeAdmin } from '../../../features/users/api/revoke-admin.ts';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';

/** All Users (admin): a search by email or name (`?q=`), Make Admin and Revoke admin (each confirmed first), and Remove User. */
export default function AllUsersPage() {
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const users = useUsers(q);
  const search: ApplySearch = (words, { replace }) => setSearchParams(words ? { q: words } : {}, { replace });
  const makeAdmin = useMakeAdmin();
  const revokeAdmin = useRevokeAdmin();
  const remove = useRemoveUser();
  const [promoting, setPromoting] = useState<UserListItem | null>(null);
  const [revoking, setRevoking] = useState<UserListItem | null>(null);
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];
  const busyId = makeAdmin.isPending
    ? (makeAdmin.variables?.id ?? null)
    : revokeAdmin.isPending
      ? (revokeAdmin.variables?.id ?? null)
      : null;

  const confirmMakeAdmin = () => {
    if (!promoting) return;
    makeAdmin.mutate(promoting, {
      onSuccess: () => toast.success(messages.makeAdminDone),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 403 ? messages.makeAdminFailed : `${messages.makeAdminFailed}: ${error.message}`,
        ),
      onSettled: () => setPromoting(null),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const user = revoking;
    revokeAdmin.mutate(user, {
      onSuccess: () => toast.success(`${user.email} is no longer an admin`),
      onError: (error) => toast.error(error.message),
      onSettled: () => setRevoking(null),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const user = removing;
    remove.mutate(user, {
      onSuccess: () => {
        toast.success(`${user.email} was removed`);
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setRemoving(null);
      },
    });
  };

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-6">
      <header>
        <h2 id="users-heading" className="text-2xl font-bold text-primary">
          All Users
        </h2>
        <p className="text-base-content/70">Make a trusted user an admin, take the role back, or remove an account.</p>
      </header>
      <ListSearch q={q} onApply={search} label="Search users" placeholder="Search by email or name" maxLength={200} />

      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <div role="alert" className="alert alert-error">
          <span>We could not load the users. {users.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void users.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <>
          {items.length === 0 && q !== '' && <p className="text-base-content/70">No user's email or name holds “{q}”.</p>}
          <UsersTable
            users={items}
            currentUserId={me.data?.id ?? null}
            promotingId={busyId}
            onMakeAdmin={setPromoting}
            onRevokeAdmin={setRevoking}
            onRemove={setRemoving}
          />
          <LoadMoreButton list={users} label="Load more" />
        </>
      )}

      <ConfirmDialog
        open={promoting !== null}
        title={promoting ? `Make ${promoting.name} an admin?` : 'Make Admin'}
        confirmLabel="Make Admin"
        tone="primary"
        busy={makeAdmin.isPending}
        onConfirm={confirmMakeAdmin}
        onClose={() => setPromoting(null)}
      >
        {promoting?.email} will see every user and every order, ship and cancel orders, add, edit and delete products, and make other
        admins. You can take the role back later with Revoke admin.
      </ConfirmDialog>

      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke ${revoking.name}'s admin role?` : 'Revoke admin'}
        confirmLabel="Revoke admin"
        busy={revokeAdmin.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        {revoking?.email} keeps their account and their orders, as a customer, and loses the admin pages at once.
      </ConfirmDialog>

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name}?` : 'Remove User'}
        confirmLabel="Remove User"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing?.email} is signed out at once and can no longer sign in. Their unpaid orders are cancelled (the pieces go back in stock);
        their other orders and their reviews stay. The address is freed: whoever holds it may sign up again, as a new customer who never
        becomes an admin through ADMIN_EMAILS.
      </ConfirmDialog>
    </section>
  );
}
