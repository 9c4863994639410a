import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';
import { startSession } from './session-cache.ts';

/** `POST /api/auth/sign-in/email`: a wrong password answers 401, which is not a lost session. */
export async function signIn(input: LoginInput): Promise<void> {
  await api('/api/auth/sign-in/email', { method: 'POST', body: input, allowUnauthenticated: true });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => startSession(queryClient),
  });
}
