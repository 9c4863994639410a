import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolInput, Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /api/tools` (admin): price in cents. */
export function createTool(input: CreateToolInput): Promise<Tool> {
  return api<Tool>('/api/tools', { method: 'POST', body: input });
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    // Every catalog query lives under ['tools']: the home page shows the new tool first.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
  });
}
