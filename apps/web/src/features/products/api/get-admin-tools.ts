import { useInfiniteQuery } from '@tanstack/react-query';
import type { ManagedToolPage } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

export const PRODUCTS_PAGE_SIZE = 20;

/** Manage Products shows every tool, or the Low stock view. */
export type ProductsView = 'all' | 'low';

/**
 * `GET /api/tools/manage` (admin): every live tool newest first, the low ones emptiest first, or
 * the tools a search finds (best match first); each of one category when `category` is given; a page at a time.
 */
export function getManagedTools(
  view: ProductsView,
  q: string,
  category: string | undefined,
  cursor: number | string | null,
): Promise<ManagedToolPage> {
  const query = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (q !== '') query.set('q', q);
  else if (view === 'low') query.set('lowStock', 'true');
  if (category !== undefined) query.set('category', category);
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<ManagedToolPage>(`/api/tools/manage?${query}`);
}

/** Manage Products' list: a search (`q`, of every product) or one of the two views, of one category or all. */
export function useAdminTools(view: ProductsView = 'all', q = '', category?: string) {
  const key =
    q !== '' ? adminQueryKeys.managedToolsSearch(q) : view === 'low' ? adminQueryKeys.lowStockTools : adminQueryKeys.allManagedTools;
  return useInfiniteQuery({
    queryKey: category === undefined ? key : [...key, { category }],
    queryFn: ({ pageParam }) => getManagedTools(view, q, category, pageParam),
    initialPageParam: null as number | string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
