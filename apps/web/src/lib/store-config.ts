import { useQuery } from '@tanstack/react-query';
import type { StoreConfig } from '@toolsify/shared/store-config';
import { api } from './api-client.ts';

export type { StoreConfig };

/** The one cache entry for `GET /api/config`: every reader shares it. */
export const storeConfigQueryKey = ['config'] as const;

/** The configuration does not change while the server runs: fetched once. */
export function useStoreConfig() {
  return useQuery({
    queryKey: storeConfigQueryKey,
    queryFn: ({ signal }) => api<StoreConfig>('/api/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
