import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Applies `change` to every cached page of My Orders and Manage All Orders (each search and
 * filter of them); `change` is told which list it is changing.
 */
export function updateCachedOrderLists(queryClient: QueryClient, change: (items: Order[], queryKey: QueryKey) => Order[]): void {
  for (const root of [queryKeys.myOrders, queryKeys.allOrders]) {
    for (const [queryKey, data] of queryClient.getQueriesData<InfiniteData<Page<Order>>>({ queryKey: root })) {
      if (!data || !Array.isArray(data.pages)) continue;
      queryClient.setQueryData<InfiniteData<Page<Order>>>(queryKey, {
        ...data,
        pages: data.pages.map((p) => ({ ...p, items: change(p.items, queryKey) })),
      });
    }
  }
}
