import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetUserData } from './session-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function signOut(): Promise<void> {
  await api('/api/auth/sign-out', { method: 'POST', body: {}, allowUnauthenticated: true }).catch(() => undefined);
}

/** What signing out leaves behind: no user, and none of the answers that belonged to the session. */
function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.me, null);
  forgetUserData(queryClient);
}

/** Ends the session on the server and forgets every cached answer that belonged to it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSettled: () => forgetSession(queryClient) });
}

/** The same, without a mutation (the navigation bar loads this module only when clicked). */
export async function signOutAndForget(queryClient: QueryClient): Promise<void> {
  try {
    await signOut();
  } finally {
    forgetSession(queryClient);
  }
}
