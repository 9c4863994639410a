import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupInput } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';
import { startSession } from './session-cache.ts';

/** `POST /api/auth/sign-up/email`: creates the account, signs it in, sends the verification email. */
export async function signUp(input: SignupInput): Promise<void> {
  await api('/api/auth/sign-up/email', { method: 'POST', body: input, allowUnauthenticated: true });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => startSession(queryClient),
  });
}
