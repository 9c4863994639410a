import { skipToken, useQuery } from '@tanstack/react-query';
import type { Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/tools/:id`: the tool on the purchase page (404 when unknown or deleted). */
export function getTool(id: number): Promise<Tool> {
  return api<Tool>(`/api/tools/${id}`);
}

/** Fetched once per visit (no polling): the page refetches it only after its own order. */
export function usePurchaseTool(id: number | null) {
  return useQuery({
    queryKey: queryKeys.tool(id ?? 0),
    queryFn: id === null ? skipToken : () => getTool(id),
    staleTime: 30_000,
  });
}
