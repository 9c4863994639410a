import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '@toolsify/shared/users';
import { api } from '../../../lib/api-client.ts';
import { updateCachedUsers } from './update-users-cache.ts';

/** `POST /api/users/:id/admin` (admin). */
export function makeAdmin(user: Pick<UserListItem, 'id'>): Promise<UserListItem> {
  return api<UserListItem>(`/api/users/${encodeURIComponent(user.id)}/admin`, { method: 'POST', body: {} });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (saved) => updateCachedUsers(queryClient, (items) => items.map((u) => (u.id === saved.id ? saved : u))),
  });
}
