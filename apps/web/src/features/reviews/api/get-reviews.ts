import { useQuery } from '@tanstack/react-query';
import type { Review } from '@toolsify/shared/reviews';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The home page's testimonials: the 3 most recent reviews (spec section 9). */
export const LATEST_REVIEWS_COUNT = 3;

export function getLatestReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return api<Review[]>(`/api/reviews?limit=${limit}`, signal ? { signal } : {});
}

export function useLatestReviews(limit = LATEST_REVIEWS_COUNT) {
  return useQuery({
    queryKey: queryKeys.latestReviews(limit),
    queryFn: ({ signal }) => getLatestReviews(limit, signal),
  });
}
