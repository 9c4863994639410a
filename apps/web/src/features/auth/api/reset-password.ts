import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/auth/reset-password`: the emailed token and the new password; ends every session. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api('/api/auth/reset-password', { method: 'POST', body: input, allowUnauthenticated: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
