import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { MultipartFile } from '@fastify/multipart';
import type { CreateReviewInput, Review } from '@toolsify/shared/reviews';
import { storeUploadedImage } from '../../lib/uploads.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { findRecentReviews, insertReview, toReview } from './reviews.repository.ts';

/** The most recent reviews, newest first (the home page's testimonials). */
export async function listRecentReviews(deps: Pick<ServiceDeps, 'db'>, limit: number): Promise<Review[]> {
  return (await findRecentReviews(deps.db, limit)).map(toReview);
}

/** A reviewer's picture upload: stored like a product image; answers the path to send as `img`. */
export async function storeReviewPicture(
  deps: Pick<ServiceDeps, 'config'>,
  nextFile: () => Promise<MultipartFile | undefined>,
): Promise<string> {
  return storeUploadedImage(deps.config.UPLOAD_DIR, nextFile);
}

/**
 * Adds a review by the signed-in user: their name and email come from the session; the picture
 * is one they uploaded, or none (the default avatar shows; never a link to another site).
 */
export async function addReview(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, input: CreateReviewInput): Promise<Review> {
  const row = await insertReview(deps.db, {
    userId: user.id,
    name: user.name,
    email: user.email,
    rating: input.rating,
    img: input.img,
    note: input.note,
  });
  return toReview(row);
}
