import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@toolsify/shared/audit';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const AUDIT_PAGE_SIZE = 50;

/** The audit page's filters, as its URL holds them: the API's query but its paging. */
export type AuditFilters = Omit<AuditQuery, 'limit' | 'cursor'>;

/** The filters as a query string (empty ones left out), for the URL and the API alike. */
export function auditSearchOf(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return query.toString();
}

/** `GET /api/audit` (admin): newest first, a page at a time. */
export function getAuditPage(filters: AuditFilters, cursor: number | null): Promise<AuditPage> {
  const query = new URLSearchParams(auditSearchOf(filters));
  query.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<AuditPage>(`/api/audit?${query}`);
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(auditSearchOf(filters)),
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    // Every visit shows the newest actions, including the admin's own of a moment ago.
    staleTime: 0,
  });
}
