import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { orderFiltersSearchOf, type OrderFilterParams } from '../utils/order-filters.ts';

const PAGE_SIZE = 20;

const noFilters: OrderFilterParams = { q: '' };

/** `GET /api/orders` (admin): every order newest first, without cancelled ones, or those the filters find. */
export function getAllOrders(cursor: number | null, filters: OrderFilterParams = noFilters, signal?: AbortSignal): Promise<Page<Order>> {
  const query = new URLSearchParams(orderFiltersSearchOf(filters));
  query.set('limit', String(PAGE_SIZE));
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Order>>(`/api/orders?${query}`, signal ? { signal } : {});
}

/**
 * Manage All Orders for a search and its filters, a page at a time. While a new search loads,
 * the previous result stays on screen (the page dims it), so the table never flashes empty.
 */
export function useAllOrders({ enabled = true, filters = noFilters }: { enabled?: boolean; filters?: OrderFilterParams } = {}) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.allOrders, orderFiltersSearchOf(filters)],
    queryFn: ({ pageParam, signal }) => getAllOrders(pageParam, filters, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/orders/export.csv`: the orders these filters find, every page, as a CSV download. */
export function ordersExportUrl(filters: OrderFilterParams): string {
  const search = orderFiltersSearchOf(filters);
  return `/api/orders/export.csv${search ? `?${search}` : ''}`;
}

/** How many orders a first page may show before "or more" (the most one `GET /api/orders` page holds). */
const COUNT_UP_TO = 100;

/**
 * The unpaid orders of a tool (admin), counted up to 100: what deleting it cancels (their buyers
 * are emailed). `null` while unknown; `more` when there are more than the count.
 */
export function useUnpaidOrdersOf(toolId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.allOrders, 'unpaid-of', toolId],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams(orderFiltersSearchOf({ q: '', status: 'unpaid', toolId: toolId ?? undefined }));
      query.set('limit', String(COUNT_UP_TO));
      const page = await api<Page<Order>>(`/api/orders?${query}`, { signal });
      return { count: page.items.length, more: page.nextCursor !== null };
    },
    enabled: toolId !== null,
    staleTime: 0,
  });
}
