import { z } from 'zod';
import { pageSchema } from './ids.ts';

/** A review as the API answers it (the reviewer's email is never published). */
export const reviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  img: z.string(),
  note: z.string(),
  createdAt: z.string(),
  /** The reviewer has a paid or shipped order in this store. */
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review as admins see it (`GET /api/reviews/all`): also who posted it (the account's email), whether it is hidden, since when. */
export const adminReviewSchema = reviewSchema.extend({
  email: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(3),
});

/** `GET /api/reviews/all` (admin): newest first, cursor-paged (the last id seen), hidden ones too. */
export const adminReviewPageSchema = pageSchema(adminReviewSchema);
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

/** The Add a Review form's star picker: each rating and what it says. */
export const ratingLabels: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

export const RATING_MIN = 1;
export const RATING_MAX = 5;
const ratingMessage = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

/**
 * A review's picture is one uploaded to this store (`POST /api/reviews/image` answers its path)
 * or none (the default avatar shows). A link to another site is refused: every visitor of the
 * home page would load it, which makes a review a tracking pixel.
 */
export const REVIEW_PICTURE_PATTERN = /^\/uploads\/[0-9a-f-]{36}\.(?:jpg|png|webp)$/;
export const reviewPictureMessage = 'Upload a picture; links to other sites are not accepted.';

export function isReviewPicture(value: string): boolean {
  return REVIEW_PICTURE_PATTERN.test(value);
}

/**
 * `POST /api/reviews` and the Add a Review form. The rating is enforced (the original only
 * said 1 to 5); name and email come from the session, never from the body. The picture is an
 * uploaded one or empty (the default avatar).
 */
export const createReviewSchema = z.strictObject({
  rating: z.number({ error: ratingMessage }).int(ratingMessage).min(RATING_MIN, ratingMessage).max(RATING_MAX, ratingMessage),
  img: z
    .string()
    .trim()
    .max(2048, 'Must be 2048 characters or shorter')
    .refine((v) => v === '' || isReviewPicture(v), reviewPictureMessage)
    .default(''),
  note: z.string({ error: 'Review is Required' }).trim().min(1, 'Review is Required').max(1000, 'Must be 1000 characters or shorter'),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
export type ReviewFormValues = z.input<typeof createReviewSchema>;
