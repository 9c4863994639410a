import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Stats } from '@toolsify/shared/stats';
import { api } from '../../../lib/api-client.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

/** `GET /api/stats` (admin): the sales figures of UTC days `from` to `to`, both included. */
export function getStats(range: { from: string; to: string }): Promise<Stats> {
  return api<Stats>(`/api/stats?${new URLSearchParams(range)}`);
}

/** The dashboard's figures; the last range's stay on screen while another one loads. */
export function useStats(range: { from: string; to: string }) {
  return useQuery({
    queryKey: adminQueryKeys.stats(range.from, range.to),
    queryFn: () => getStats(range),
    placeholderData: keepPreviousData,
  });
}
