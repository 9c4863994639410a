import { useInfiniteQuery } from '@tanstack/react-query';
import type { ManagedToolPage } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

export const PRODUCTS_PAGE_SIZE = 20;

/** Manage Products shows every tool, or the Low stock view. */
export type ProductsView = 'all' | 'low';

/** `GET /api/tools/manage` (admin): every live tool newest first, or the low ones emptiest first; a page at a time. */
export function getManagedTools(view: ProductsView, cursor: number | string | null): Promise<ManagedToolPage> {
  const query = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (view === 'low') query.set('lowStock', 'true');
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<ManagedToolPage>(`/api/tools/manage?${query}`);
}

export function useAdminTools(view: ProductsView = 'all') {
  return useInfiniteQuery({
    queryKey: view === 'low' ? adminQueryKeys.lowStockTools : adminQueryKeys.allManagedTools,
    queryFn: ({ pageParam }) => getManagedTools(view, pageParam),
    initialPageParam: null as number | string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
