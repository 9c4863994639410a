import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserPage } from '@toolsify/shared/users';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const USERS_PAGE_SIZE = 20;

/** `GET /api/users` (admin): live users, newest first, a page at a time. */
export function getUsersPage(cursor: string | null): Promise<UserPage> {
  const query = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', cursor);
  return api<UserPage>(`/api/users?${query}`);
}

export function useUsers() {
  return useInfiniteQuery({
    queryKey: queryKeys.users,
    queryFn: ({ pageParam }) => getUsersPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
