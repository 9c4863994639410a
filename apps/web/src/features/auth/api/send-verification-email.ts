import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/auth/send-verification-email`: the verification link again. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await api('/api/auth/send-verification-email', { method: 'POST', body: { email } });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
