import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ToolPage } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { goneToolName, lookupToolIds } from '../../cart/api/lookup-tools.ts';

/** Tools offered under the tool filter's box. */
const SUGGESTIONS = 8;

/** `GET /api/tools?q=`: the live tools whose name, SKU or description holds these words (the catalog's search). */
export function findTools(text: string, signal?: AbortSignal): Promise<ToolPage> {
  const query = new URLSearchParams({ q: text, limit: String(SUGGESTIONS) });
  return api<ToolPage>(`/api/tools?${query}`, signal ? { signal } : {});
}

/** The tool filter's suggestions for what is typed (nothing until something is). */
export function useToolSuggestions(text: string) {
  const words = text.trim();
  return useQuery({
    queryKey: [...queryKeys.tools, 'order-filter', words],
    queryFn: words ? ({ signal }) => findTools(words, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The filtered tool's name and SKU: a live tool's, or those a tool taken out of the catalog was
 * sold under (its orders are still found by it), marked so.
 */
export function useFilteredTool(id: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.tools, 'order-filter-tool', id ?? 0],
    queryFn:
      id === undefined
        ? skipToken
        : async () => {
            const lookup = await lookupToolIds([id]);
            const live = lookup.live.get(id);
            return live
              ? `${live.name} (${live.sku})`
              : lookup.gone.has(id)
                ? `${goneToolName(lookup, id)}, no longer sold`
                : `Tool #${id}`;
          },
    staleTime: 60_000,
    retry: false,
  });
}
