import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@toolsify/shared/contact';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/contact`: stores the message (rate limited and length-capped by the server). */
export function sendContactMessage(input: ContactInput): Promise<{ id: number }> {
  return api<{ id: number }>('/api/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
