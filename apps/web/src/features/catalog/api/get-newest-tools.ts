import { useQuery } from '@tanstack/react-query';
import type { ToolPage } from '@toolsify/shared/tools';
import { HOME_NEWEST_TOOLS } from '@toolsify/shared/first-paint';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The home page shows the 6 newest tools (spec section 9); its HTML carries them (first-paint-data.ts). */
export const NEWEST_TOOLS_COUNT = HOME_NEWEST_TOOLS;

export function getNewestTools(limit: number, signal?: AbortSignal): Promise<ToolPage> {
  return api<ToolPage>(`/api/tools?limit=${limit}`, signal ? { signal } : {});
}

/** Fetched once per visit to the page (the spec's list re-fetched in a loop; ours does not). */
export function useNewestTools(limit = NEWEST_TOOLS_COUNT) {
  return useQuery({
    queryKey: queryKeys.newestTools(limit),
    queryFn: ({ signal }) => getNewestTools(limit, signal),
  });
}
