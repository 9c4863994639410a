import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@toolsify/shared/profile';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `PUT /api/me/profile`: saves the whole profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return api<Profile>('/api/me/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
