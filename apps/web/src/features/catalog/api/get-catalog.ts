import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ToolCategories, ToolPage } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { catalogSearchOf, type CatalogParams } from '../utils/catalog-params.ts';

/** Tools per page of the catalog: 8 rows of 3 on a wide screen. */
export const CATALOG_PAGE_SIZE = 24;

export function getCatalogPage(params: CatalogParams, cursor: number | string | null, signal?: AbortSignal): Promise<ToolPage> {
  const search = new URLSearchParams(catalogSearchOf(params));
  search.set('limit', String(CATALOG_PAGE_SIZE));
  if (cursor !== null) search.set('cursor', String(cursor));
  return api<ToolPage>(`/api/tools?${search.toString()}`, signal ? { signal } : {});
}

/**
 * The catalog for a search and its filters, a page at a time ("Load more"). While a new search
 * loads, the previous result stays on screen (dimmed by the page), so the grid never flashes empty.
 */
export function useCatalog(params: CatalogParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.catalog(catalogSearchOf(params)),
    queryFn: ({ pageParam, signal }) => getCatalogPage(params, pageParam, signal),
    initialPageParam: null as number | string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The catalog's categories, each with how many tools it holds (for the category filter). */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api<ToolCategories>('/api/tools/categories', { signal }),
    staleTime: 60_000,
  });
}
