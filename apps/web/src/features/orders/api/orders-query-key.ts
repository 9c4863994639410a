import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';

/** Every order query lives under this key, so one invalidation refreshes My Orders and Manage. */
export const ordersQueryKey = ['orders'] as const;
export const myOrdersQueryKey = [...ordersQueryKey, 'mine'] as const;
export const allOrdersQueryKey = [...ordersQueryKey, 'all'] as const;

/** Applies `change` to every cached page of My Orders and Manage All Orders. */
export function updateCachedOrderLists(queryClient: QueryClient, change: (items: Order[]) => Order[]): void {
  for (const queryKey of [myOrdersQueryKey, allOrdersQueryKey]) {
    queryClient.setQueriesData<InfiniteData<Page<Order>>>({ queryKey }, (data) =>
      data && Array.isArray(data.pages) ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
    );
  }
}
