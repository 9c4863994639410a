import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderBody, Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { updateCachedOrderLists } from './orders-query-key.ts';
import { WITH_CANCELLED } from './get-my-orders.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * `DELETE /api/orders/:id`: cancels an unpaid order; its stock comes back. An admin may give
 * the buyer a reason; without one no body is sent, as the spec's cancel sends none.
 */
export function cancelOrder({ id, reason }: { id: number; reason?: string }): Promise<Order> {
  return api<Order>(`/api/orders/${id}`, { method: 'DELETE', ...(reason?.trim() ? { body: { reason } satisfies CancelOrderBody } : {}) });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => {
      // The row leaves the lists at once; My Orders with "Show cancelled" keeps it, cancelled by
      // its buyer (the one who cancels from My Orders). The refetch below confirms it.
      updateCachedOrderLists(queryClient, (items, queryKey) =>
        queryKey.includes(WITH_CANCELLED)
          ? items.map((o) =>
              o.id === cancelled.id ? { ...cancelled, cancellation: { at: new Date().toISOString(), by: 'buyer', note: null } } : o,
            )
          : items.filter((o) => o.id !== cancelled.id),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
      ]),
  });
}
