import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** `GET /api/orders/mine`: the signed-in user's orders, newest first, without cancelled ones. */
export function getMyOrders(cursor: number | null): Promise<Page<Order>> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Order>>(`/api/orders/mine?${query}`);
}

export function useMyOrders() {
  return useInfiniteQuery({
    queryKey: queryKeys.myOrders,
    queryFn: ({ pageParam }) => getMyOrders(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
