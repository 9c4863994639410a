import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { UserListItem, UserPage } from '@toolsify/shared/users';
import { usersQueryKey } from './get-users.ts';

/** Applies `change` to every cached page of All Users. */
export function updateCachedUsers(queryClient: QueryClient, change: (items: UserListItem[]) => UserListItem[]): void {
  queryClient.setQueryData<InfiniteData<UserPage>>(usersQueryKey, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
  );
}
