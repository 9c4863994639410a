import { useMutation } from '@tanstack/react-query';
import type { GoogleSignInInput } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/auth/sign-in/social`: the server answers the provider's address; the browser
 * goes there and comes back to `callbackURL` (or `errorCallbackURL` with ?error=).
 */
export async function startGoogleSignIn(input: Omit<GoogleSignInInput, 'provider'>): Promise<string> {
  const { url } = await api<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', ...input },
    allowUnauthenticated: true,
  });
  return url;
}

export function useGoogleSignIn() {
  return useMutation({
    mutationFn: startGoogleSignIn,
    onSuccess: (url) => window.location.assign(url),
  });
}
