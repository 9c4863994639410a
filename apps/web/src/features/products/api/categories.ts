import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryChange } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

/** A category's rename (`to`: its new name) or removal (`to` null: its products stay, in none). */
export interface CategoryEdit {
  from: string;
  to: string | null;
}

/** `PATCH /api/tools/categories/:name` or `DELETE` (admin): every product of the category moves. */
export function changeCategory({ from, to }: CategoryEdit): Promise<CategoryChange> {
  const url = `/api/tools/categories/${encodeURIComponent(from)}`;
  return to === null ? api<CategoryChange>(url, { method: 'DELETE' }) : api<CategoryChange>(url, { method: 'PATCH', body: { name: to } });
}

export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    // The categories, the catalog and Manage Products all show the products' categories; after a
    // failure too (another admin's rename may be why: the list shows it then).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.managedTools }),
      ]),
  });
}
