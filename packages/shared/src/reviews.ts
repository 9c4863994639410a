import { z } from 'zod';
import { httpUrlSchema } from './profile.ts';

/** A review as the API answers it (the reviewer's email is never published). */
export const reviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  img: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(3),
});

export const RATING_MIN = 1;
export const RATING_MAX = 5;
const ratingMessage = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

/** A picture link: http or https only (never javascript:, data: and the like). */
export function isPictureUrl(value: string): boolean {
  return httpUrlSchema.safeParse(value).success;
}

/**
 * `POST /api/reviews` and the Add a Review form. The rating is enforced (the original only
 * said 1 to 5); name and email come from the session, never from the body. An empty picture
 * means "use my account's picture, if I have one".
 */
export const createReviewSchema = z.strictObject({
  rating: z.number({ error: ratingMessage }).int(ratingMessage).min(RATING_MIN, ratingMessage).max(RATING_MAX, ratingMessage),
  img: z
    .string()
    .trim()
    .max(2048, 'Must be 2048 characters or shorter')
    .refine((v) => v === '' || isPictureUrl(v), 'Picture must be an http:// or https:// link')
    .default(''),
  note: z.string({ error: 'Review is Required' }).trim().min(1, 'Review is Required').max(1000, 'Must be 1000 characters or shorter'),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
export type ReviewFormValues = z.input<typeof createReviewSchema>;
