import { useQuery } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';

/** The home page shows the 6 newest tools (spec section 9). */
export const NEWEST_TOOLS_COUNT = 6;

/** Under ['tools']: any catalog change invalidates it with queryKey ['tools']. */
export const newestToolsQueryKey = (limit: number) => ['tools', 'newest', limit] as const;

export function getNewestTools(limit: number, signal?: AbortSignal): Promise<Page<Tool>> {
  return api<Page<Tool>>(`/api/tools?limit=${limit}`, signal ? { signal } : {});
}

/** Fetched once per visit to the page (the spec's list re-fetched in a loop; ours does not). */
export function useNewestTools(limit = NEWEST_TOOLS_COUNT) {
  return useQuery({
    queryKey: newestToolsQueryKey(limit),
    queryFn: ({ signal }) => getNewestTools(limit, signal),
  });
}
