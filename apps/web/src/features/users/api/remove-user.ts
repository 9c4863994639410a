import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '@toolsify/shared/users';
import { api } from '../../../lib/api-client.ts';
import { updateCachedUsers } from './update-users-cache.ts';

/** `DELETE /api/users/:id` (admin): signed out at once; their orders and reviews stay. */
export function removeUser(user: Pick<UserListItem, 'id'>): Promise<void> {
  return api<void>(`/api/users/${encodeURIComponent(user.id)}`, { method: 'DELETE' });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_nothing, user) => updateCachedUsers(queryClient, (items) => items.filter((u) => u.id !== user.id)),
  });
}
