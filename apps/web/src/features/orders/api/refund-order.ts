import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderBody, Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * `POST /api/orders/:id/refund` (admin): the order's whole total back to the card that paid it,
 * the order cancelled and its stock back (decision 025). The same call finishes a refund left
 * pending. A reason, when given, is told to the buyer.
 */
export function refundOrder({ id, reason }: { id: number; reason?: string }): Promise<Order> {
  return api<Order>(`/api/orders/${id}/refund`, {
    method: 'POST',
    ...(reason?.trim() ? { body: { reason } satisfies CancelOrderBody } : {}),
  });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // A refused or pending refund changed the order too (pending): every list and the stock are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
      ]),
  });
}
