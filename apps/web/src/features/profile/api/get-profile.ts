import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@toolsify/shared/profile';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/me/profile`: the signed-in user's saved profile (empty strings until saved). */
export function getProfile(): Promise<Profile> {
  return api<Profile>('/api/me/profile');
}

/**
 * The signed-in user's profile: My Profile shows it and the purchase form prefills phone and
 * address from it. Pass `enabled: false` while nobody is signed in.
 */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.profile, queryFn: getProfile, staleTime: 5 * 60_000, enabled });
}
