import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetUserData } from './session-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function signOut(): Promise<void> {
  await api('/api/auth/sign-out', { method: 'POST', body: {}, allowUnauthenticated: true }).catch(() => undefined);
}

/** Ends the session on the server and forgets every cached answer that belonged to it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.setQueryData(queryKeys.me, null);
      forgetUserData(queryClient);
    },
  });
}
