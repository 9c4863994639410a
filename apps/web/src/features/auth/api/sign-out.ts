import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';
import { forgetUserData } from './session-cache.ts';

export async function signOut(): Promise<void> {
  await api('/api/auth/sign-out', { method: 'POST', body: {}, allowUnauthenticated: true }).catch(() => undefined);
}

/** Ends the session on the server and forgets every cached answer that belonged to it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.setQueryData(meQueryKey, null);
      forgetUserData(queryClient);
    },
  });
}
