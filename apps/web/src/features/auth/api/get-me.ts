import { useQuery } from '@tanstack/react-query';
import type { Me } from '@toolsify/shared/auth';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The signed-in user, or null when signed out (a visitor is a 200, not a 401). */
export async function getMe(): Promise<Me | null> {
  const { user } = await api<{ user: Me | null }>('/api/session');
  return user;
}

/**
 * Who is signed in (null: nobody). `fresh` asks the server again on mount, for decisions
 * that must not rest on an old answer (the admin guard). Asked again whenever the tab comes
 * back: a sign-in or sign-out in another tab shows here then (its cart with it).
 */
export function useMe({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: getMe,
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
