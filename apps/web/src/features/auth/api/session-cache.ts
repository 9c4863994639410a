import type { QueryClient } from '@tanstack/react-query';
import { getMe, meQueryKey } from './get-me.ts';

/** Queries that belong to nobody in particular and survive a change of user. */
const PUBLIC_KEYS = new Set(['me', 'tools', 'reviews', 'config']);

/** Forgets every cached answer that belonged to the previous user. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !PUBLIC_KEYS.has(String(q.queryKey[0])) });
}

/** After a sign-in or sign-up: drop the old user's data and learn who is signed in now. */
export async function startSession(queryClient: QueryClient): Promise<void> {
  forgetUserData(queryClient);
  await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 0 });
}
