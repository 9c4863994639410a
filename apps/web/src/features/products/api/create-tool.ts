import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolInput, ManagedTool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

/** `POST /api/tools` (admin): price in cents. */
export function createTool(input: CreateToolInput): Promise<ManagedTool> {
  return api<ManagedTool>('/api/tools', { method: 'POST', body: input });
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    // Every catalog query lives under ['tools']: the home page shows the new tool first.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.managedTools }),
      ]),
  });
}
