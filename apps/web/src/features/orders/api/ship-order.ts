import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { updateCachedOrderLists } from './orders-query-key.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /api/orders/:id/ship` (admin): a paid order becomes shipped. */
export function shipOrder(id: number): Promise<Order> {
  return api<Order>(`/api/orders/${id}/ship`, { method: 'POST' });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      updateCachedOrderLists(queryClient, (items) => items.map((o) => (o.id === shipped.id ? shipped : o)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
