import { skipToken, useQuery } from '@tanstack/react-query';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The order on the payment page, under its own key: refreshing the order lists after a
 * payment must not swap the success message for an "already paid" notice.
 */

/** `GET /api/orders/:id` (its buyer or an admin; anyone else gets 404). */
export function getOrderToPay(orderId: number, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${orderId}`, signal ? { signal } : {});
}

export function useOrderToPay(orderId: number | null) {
  return useQuery({
    queryKey: queryKeys.orderToPay(orderId ?? 0),
    queryFn: orderId === null ? skipToken : ({ signal }) => getOrderToPay(orderId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
