import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewPage } from '@toolsify/shared/reviews';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** Every review, hidden ones too (admin); under `reviews`, so a new review refreshes it. */
const allReviewsKey = [...queryKeys.reviews, 'all'] as const;

/** `GET /api/reviews/all` (admin): newest first, a page at a time. */
export function getAllReviews(cursor: number | null): Promise<AdminReviewPage> {
  const query = new URLSearchParams({ limit: String(ADMIN_REVIEWS_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<AdminReviewPage>(`/api/reviews/all?${query}`);
}

export function useAllReviews() {
  return useInfiniteQuery({
    queryKey: allReviewsKey,
    queryFn: ({ pageParam }) => getAllReviews(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** `POST` (hide) or `DELETE` (show again) `/api/reviews/:id/hidden` (admin). */
export function setReviewHidden({ id, hidden }: { id: number; hidden: boolean }): Promise<AdminReview> {
  return api<AdminReview>(`/api/reviews/${id}/hidden`, { method: hidden ? 'POST' : 'DELETE' });
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    // The testimonials and the admin's list both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
