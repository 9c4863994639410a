import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyStockAlerts, StockAlert } from '@toolsify/shared/stock-alerts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/me/stock-alerts`: the tools the signed-in buyer is waiting for. */
export function getMyStockAlerts(): Promise<MyStockAlerts> {
  return api<MyStockAlerts>('/api/me/stock-alerts');
}

/** Read only for a signed-in buyer looking at an out-of-stock tool; shared by every card on the page. */
export function useMyStockAlerts(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.stockAlerts, queryFn: getMyStockAlerts, enabled, staleTime: 60_000 });
}

/** `POST` (subscribe) or `DELETE` (stop) `/api/tools/:id/stock-alert`. */
export function setStockAlert({ toolId, subscribe }: { toolId: number; subscribe: boolean }): Promise<StockAlert> {
  return api<StockAlert>(`/api/tools/${toolId}/stock-alert`, { method: subscribe ? 'POST' : 'DELETE' });
}

export function useSetStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStockAlert,
    onSuccess: (alert) => {
      queryClient.setQueryData<MyStockAlerts>(queryKeys.stockAlerts, (old) => {
        const others = (old?.toolIds ?? []).filter((id) => id !== alert.toolId);
        return { toolIds: alert.subscribed ? [alert.toolId, ...others] : others };
      });
    },
    onError: async (error) => {
      // In stock again (409) or gone (404): the page shows the tool as it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.tools });
      }
    },
  });
}
