import type { QueryClient } from '@tanstack/react-query';
import { getMe } from './get-me.ts';
import { publicQueryRoots, queryKeys } from '../../../lib/query-keys.ts';

/** Forgets every cached answer that belonged to the previous user. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !publicQueryRoots.has(String(q.queryKey[0])) });
}

/** After a sign-in or sign-up: drop the old user's data and learn who is signed in now. */
export async function startSession(queryClient: QueryClient): Promise<void> {
  forgetUserData(queryClient);
  await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 0 });
}
