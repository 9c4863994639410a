import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ManagedToolPage, Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

/** `DELETE /api/tools/:id` (admin): the tool leaves the catalog; its orders keep name and price. */
export function deleteTool(tool: Pick<Tool, 'id'>): Promise<void> {
  return api<void>(`/api/tools/${tool.id}`, { method: 'DELETE' });
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: (_nothing, tool) => {
      // Leave the row at once, then refresh every catalog view (home, purchase pages).
      queryClient.setQueryData<InfiniteData<ManagedToolPage>>(adminQueryKeys.allManagedTools, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((t) => t.id !== tool.id) })) } : data,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.managedTools }),
      ]);
    },
  });
}
