import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { orderFiltersSearchOf, type OrderFilterParams } from '../utils/order-filters.ts';

const PAGE_SIZE = 20;

/** The key part of a My Orders list that shows cancelled orders among the others ("Show cancelled", no status chosen). */
export const WITH_CANCELLED = 'with-cancelled';

export interface MyOrdersFilters {
  filters?: OrderFilterParams;
  includeCancelled?: boolean;
}

/** The query string of My Orders' filters (the list's, and its export's). */
function myOrdersSearchOf({ filters = { q: '' }, includeCancelled = false }: MyOrdersFilters): URLSearchParams {
  const query = new URLSearchParams(orderFiltersSearchOf(filters));
  if (includeCancelled) query.set('includeCancelled', 'true');
  return query;
}

/** `GET /api/orders/mine`: the signed-in user's orders, newest first, as the filters find them; cancelled ones only when asked for. */
export function getMyOrders(cursor: number | null, find: MyOrdersFilters = {}, signal?: AbortSignal): Promise<Page<Order>> {
  const query = myOrdersSearchOf(find);
  query.set('limit', String(PAGE_SIZE));
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Order>>(`/api/orders/mine?${query}`, signal ? { signal } : {});
}

/** `GET /api/orders/mine/export.csv`: the orders these filters find, every page, as a CSV download. */
export function myOrdersExportUrl(find: MyOrdersFilters): string {
  const search = myOrdersSearchOf(find).toString();
  return `/api/orders/mine/export.csv${search ? `?${search}` : ''}`;
}

/** My Orders for a search and its filters, a page at a time; while another loads, the one on screen stays (dimmed). */
export function useMyOrders(find: MyOrdersFilters = {}) {
  const withCancelled = find.includeCancelled === true && !find.filters?.status;
  return useInfiniteQuery({
    queryKey: [...queryKeys.myOrders, myOrdersSearchOf(find).toString(), ...(withCancelled ? [WITH_CANCELLED] : [])],
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, find, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
