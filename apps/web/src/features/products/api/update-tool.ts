import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ManagedTool, ManagedToolPage, UpdateToolInput } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

/** `PATCH /api/tools/:id` (admin): what the admin changed (name, SKU, image, price...), and a stock change as a delta. */
export function updateTool({ id, changes }: { id: number; changes: UpdateToolInput }): Promise<ManagedTool> {
  return api<ManagedTool>(`/api/tools/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    onSuccess: (tool) => {
      queryClient.setQueryData<InfiniteData<ManagedToolPage>>(adminQueryKeys.allManagedTools, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((t) => (t.id === tool.id ? tool : t)) })) } : data,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.managedTools }),
      ]);
    },
  });
}
