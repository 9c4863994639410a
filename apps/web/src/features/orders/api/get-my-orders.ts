import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** The key part of My Orders with its cancelled orders ("Show cancelled"). */
export const WITH_CANCELLED = 'with-cancelled';

/** `GET /api/orders/mine`: the signed-in user's orders, newest first, without cancelled ones unless asked for. */
export function getMyOrders(cursor: number | null, includeCancelled = false): Promise<Page<Order>> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (includeCancelled) query.set('includeCancelled', 'true');
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Order>>(`/api/orders/mine?${query}`);
}

export function useMyOrders({ includeCancelled = false }: { includeCancelled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: includeCancelled ? [...queryKeys.myOrders, WITH_CANCELLED] : queryKeys.myOrders,
    queryFn: ({ pageParam }) => getMyOrders(pageParam, includeCancelled),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // Switching "Show cancelled" keeps the list on screen until the other one is there.
    placeholderData: keepPreviousData,
  });
}
