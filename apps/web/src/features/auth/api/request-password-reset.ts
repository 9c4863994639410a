import { useMutation } from '@tanstack/react-query';
import type { ResetRequestInput } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/auth/request-password-reset`: the same answer whether or not the account exists. */
export async function requestPasswordReset(input: ResetRequestInput): Promise<void> {
  await api('/api/auth/request-password-reset', { method: 'POST', body: input, allowUnauthenticated: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
