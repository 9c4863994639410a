import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListInput, MyLists, SavedList } from '@toolsify/shared/lists';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/lists`: the signed-in buyer's saved lists, the last changed first. */
export function useMyLists() {
  return useQuery({ queryKey: queryKeys.lists, queryFn: () => api<MyLists>('/api/lists') });
}

/** `POST /api/lists`: saves lines (the cart's) as a new named list. */
export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: ListInput) => api<SavedList>('/api/lists', { method: 'POST', body: list }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}

/** `DELETE /api/lists/:id`. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/lists/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
