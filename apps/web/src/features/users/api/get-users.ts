import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { UserPage } from '@toolsify/shared/users';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const USERS_PAGE_SIZE = 20;

/** `GET /api/users` (admin): live users, newest first, those whose email or name holds `q`, a page at a time. */
export function getUsersPage(cursor: string | null, q = ''): Promise<UserPage> {
  const query = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (q) query.set('q', q);
  if (cursor !== null) query.set('cursor', cursor);
  return api<UserPage>(`/api/users?${query}`);
}

/** All Users for a search (none: every user); the previous result stays while a new one loads. */
export function useUsers(q = '') {
  return useInfiniteQuery({
    queryKey: [...queryKeys.users, q],
    queryFn: ({ pageParam }) => getUsersPage(pageParam, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
