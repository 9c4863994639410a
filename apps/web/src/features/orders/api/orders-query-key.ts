import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Applies `change` to every cached page of My Orders and Manage All Orders. */
export function updateCachedOrderLists(queryClient: QueryClient, change: (items: Order[]) => Order[]): void {
  for (const queryKey of [queryKeys.myOrders, queryKeys.allOrders]) {
    queryClient.setQueriesData<InfiniteData<Page<Order>>>({ queryKey }, (data) =>
      data && Array.isArray(data.pages) ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
    );
  }
}
