import { useState } from 'react';
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
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';

/** All Users (admin): Make Admin and Remove User. */
export default function AllUsersPage() {
  const me = useMe();
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const remove = useRemoveUser();
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];

  const onMakeAdmin = (user: UserListItem) =>
    makeAdmin.mutate(user, {
      onSuccess: () => toast.success(messages.makeAdminDone),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 403 ? messages.makeAdminFailed : `${messages.makeAdminFailed}: ${error.message}`,
        ),
    });

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
        <p className="text-base-content/70">Make a trusted user an admin, or remove an account.</p>
      </header>

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
          <UsersTable
            users={items}
            currentUserId={me.data?.id ?? null}
            promotingId={makeAdmin.isPending ? (makeAdmin.variables?.id ?? null) : null}
            onMakeAdmin={onMakeAdmin}
            onRemove={setRemoving}
          />
          <LoadMoreButton list={users} label="Load more" />
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name}?` : 'Remove User'}
        confirmLabel="Remove User"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing?.email} is signed out at once and can no longer sign in. Their unpaid orders are cancelled (the pieces go back in stock);
        their other orders and their reviews stay.
      </ConfirmDialog>
    </section>
  );
}
