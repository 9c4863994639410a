import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Tool, UpdateToolInput } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `PATCH /api/tools/:id` (admin): what the admin changed (name, SKU, image, price...), and a stock change as a delta. */
export function updateTool({ id, changes }: { id: number; changes: UpdateToolInput }): Promise<Tool> {
  return api<Tool>(`/api/tools/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    onSuccess: (tool) => {
      queryClient.setQueryData<InfiniteData<Page<Tool>>>(queryKeys.adminTools, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((t) => (t.id === tool.id ? tool : t)) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.tools });
    },
  });
}
