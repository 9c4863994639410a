import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { UserListItem, UserPage } from '@toolsify/shared/users';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Applies `change` to every cached page of All Users, of every search. */
export function updateCachedUsers(queryClient: QueryClient, change: (items: UserListItem[]) => UserListItem[]): void {
  queryClient.setQueriesData<InfiniteData<UserPage>>({ queryKey: queryKeys.users }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
  );
}
