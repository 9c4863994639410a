import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { UserListItem, UserPage } from '@toolsify/shared/users';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Applies `change` to every cached page of All Users. */
export function updateCachedUsers(queryClient: QueryClient, change: (items: UserListItem[]) => UserListItem[]): void {
  queryClient.setQueryData<InfiniteData<UserPage>>(queryKeys.users, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
  );
}
