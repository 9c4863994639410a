import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { updateCachedOrderLists } from './orders-query-key.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `DELETE /api/orders/:id`: cancels an unpaid order; its stock comes back. */
export function cancelOrder(id: number): Promise<Order> {
  return api<Order>(`/api/orders/${id}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => {
      // The row leaves the lists at once; the refetch below confirms it.
      updateCachedOrderLists(queryClient, (items) => items.filter((o) => o.id !== cancelled.id));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
      ]),
  });
}
