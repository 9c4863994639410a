import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, StockHistory } from '@toolsify/shared/tools-bulk';
import { api } from '../../../lib/api-client.ts';

/** Where the admin downloads every live tool as CSV (the same columns an import takes). */
export const PRODUCTS_EXPORT_URL = '/api/tools/export.csv';

/** `POST /api/tools/import`: the file as multipart; a dry run answers what each row would do. */
export function importProducts(file: File, dryRun: boolean): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return api<ImportResult>(`/api/tools/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body });
}

/** The real import: every product list shows the new figures afterwards. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importProducts(file, false),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const STOCK_HISTORY_PAGE_SIZE = 25;

/** `GET /api/tools/:id/stock-history` (admin): the ledger newest first, a page at a time. */
export function useStockHistory(toolId: number) {
  return useInfiniteQuery({
    queryKey: ['admin', 'stock-history', toolId],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(STOCK_HISTORY_PAGE_SIZE) });
      if (pageParam !== null) query.set('cursor', pageParam);
      return api<StockHistory>(`/api/tools/${toolId}/stock-history?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
