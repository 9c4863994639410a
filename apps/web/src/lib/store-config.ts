import { useQuery } from '@tanstack/react-query';
import type { StoreConfig } from '@toolsify/shared/store-config';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type { StoreConfig };

/** The configuration does not change while the server runs: fetched once. */
export function useStoreConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => api<StoreConfig>('/api/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
