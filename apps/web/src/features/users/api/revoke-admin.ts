import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '@toolsify/shared/users';
import { api } from '../../../lib/api-client.ts';
import { updateCachedUsers } from './update-users-cache.ts';

/** `DELETE /api/users/:id/admin` (admin): another admin becomes a customer; never yourself or the last admin. */
export function revokeAdmin(user: Pick<UserListItem, 'id'>): Promise<UserListItem> {
  return api<UserListItem>(`/api/users/${encodeURIComponent(user.id)}/admin`, { method: 'DELETE' });
}

export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdmin,
    onSuccess: (saved) => updateCachedUsers(queryClient, (items) => items.map((u) => (u.id === saved.id ? saved : u))),
  });
}
