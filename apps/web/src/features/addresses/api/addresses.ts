import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, AddressUpdate, MyAddresses, ShipToAddress } from '@toolsify/shared/addresses';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/me/addresses`: the signed-in buyer's ship-to addresses, by label. Pass `enabled: false` while nobody is signed in. */
export function useMyAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.addresses, queryFn: () => api<MyAddresses>('/api/me/addresses'), enabled });
}

/** `POST /api/me/addresses`: a new ship-to address under a label of the buyer's. */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) => api<ShipToAddress>('/api/me/addresses', { method: 'POST', body: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

/**
 * `PUT /api/me/addresses/:id`: one of the buyer's addresses replaced whole, with the `updatedAt`
 * it was read with (one changed in another tab since is refused, not overwritten). Whatever the
 * answer, the list is read again: a refusal shows the address as it is now, or gone.
 */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: number; address: AddressUpdate }) =>
      api<ShipToAddress>(`/api/me/addresses/${id}`, { method: 'PUT', body: address }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

/** `DELETE /api/me/addresses/:id` (the list read again whatever the answer: one removed elsewhere leaves it). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/me/addresses/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}
