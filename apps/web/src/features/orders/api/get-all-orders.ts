import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** `GET /api/orders` (admin): every order, newest first, without cancelled ones. */
export function getAllOrders(cursor: number | null): Promise<Page<Order>> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Order>>(`/api/orders?${query}`);
}

export function useAllOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.allOrders,
    queryFn: ({ pageParam }) => getAllOrders(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
