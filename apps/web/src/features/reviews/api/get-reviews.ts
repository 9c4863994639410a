import { useQuery } from '@tanstack/react-query';
import type { Review } from '@toolsify/shared/reviews';
import { api } from '../../../lib/api-client.ts';

/** The home page's testimonials: the 3 most recent reviews (spec section 9). */
export const LATEST_REVIEWS_COUNT = 3;

/** Under ['reviews']: adding a review invalidates it with queryKey ['reviews']. */
export const latestReviewsQueryKey = (limit: number) => ['reviews', 'latest', limit] as const;

export function getLatestReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return api<Review[]>(`/api/reviews?limit=${limit}`, signal ? { signal } : {});
}

export function useLatestReviews(limit = LATEST_REVIEWS_COUNT) {
  return useQuery({
    queryKey: latestReviewsQueryKey(limit),
    queryFn: ({ signal }) => getLatestReviews(limit, signal),
  });
}
