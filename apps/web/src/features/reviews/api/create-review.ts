import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@toolsify/shared/reviews';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /api/reviews`: name and email come from the session. */
export function createReview(input: CreateReviewInput): Promise<Review> {
  return api<Review>('/api/reviews', { method: 'POST', body: input });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home testimonials (under ['reviews']) show the new review first.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
