import type { Kysely } from 'kysely';
import type { MultipartFile } from '@fastify/multipart';
import type { CreateReviewInput, Review } from '@toolsify/shared/reviews';
import { storeUploadedImage } from '../../lib/uploads.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { findRecentReviews, insertReview, toReview } from './reviews.repository.ts';

/** The most recent reviews, newest first (the home page's testimonials). */
export async function listRecentReviews(db: Kysely<Database>, limit: number): Promise<Review[]> {
  return (await findRecentReviews(db, limit)).map(toReview);
}

/** A reviewer's picture upload: stored like a product image; answers the path to send as `img`. */
export async function storeReviewPicture(uploadDir: string, nextFile: () => Promise<MultipartFile | undefined>): Promise<string> {
  return storeUploadedImage(uploadDir, nextFile);
}

/**
 * Adds a review by the signed-in user: their name and email come from the session; the picture
 * is one they uploaded, or none (the default avatar shows; never a link to another site).
 */
export async function addReview(db: Kysely<Database>, user: SessionUser, input: CreateReviewInput): Promise<Review> {
  const row = await insertReview(db, {
    userId: user.id,
    name: user.name,
    email: user.email,
    rating: input.rating,
    img: input.img,
    note: input.note,
  });
  return toReview(row);
}
