import { useQuery } from '@tanstack/react-query';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/orders/mine/recent-unpaid?toolId=`: the buyer's unpaid one-tool orders of the tool from the last 10 minutes. */
export function getRecentUnpaidOrders(toolId: number): Promise<{ items: Order[] }> {
  return api<{ items: Order[] }>(`/api/orders/mine/recent-unpaid?toolId=${toolId}`);
}

/**
 * The query, for `useQuery` (read in the background when the purchase form shows, so Place
 * Order never waits for it) and for `fetchQuery` at Place Order (the cached answer while fresh).
 */
export function recentUnpaidOrdersQuery(toolId: number) {
  return {
    queryKey: queryKeys.recentUnpaidOrders(toolId),
    queryFn: () => getRecentUnpaidOrders(toolId),
    staleTime: 10_000,
    retry: false,
  } as const;
}

export function useRecentUnpaidOrders(toolId: number) {
  return useQuery(recentUnpaidOrdersQuery(toolId));
}
