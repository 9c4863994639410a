import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PRODUCTS_PAGE_SIZE = 20;

/** `GET /api/tools`: the live catalog, newest first, a page at a time. */
export function getToolsPage(cursor: number | null): Promise<Page<Tool>> {
  const query = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<Page<Tool>>(`/api/tools?${query}`);
}

export function useAdminTools() {
  return useInfiniteQuery({
    queryKey: queryKeys.adminTools,
    queryFn: ({ pageParam }) => getToolsPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
