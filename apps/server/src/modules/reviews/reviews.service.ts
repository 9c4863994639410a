import type { Kysely } from 'kysely';
import { isPictureUrl, type CreateReviewInput, type Review } from '@toolsify/shared/reviews';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { insertReview, toReview } from './reviews.repository.ts';

/**
 * Adds a review by the signed-in user: their name and email come from the session. Without a
 * picture link the account's own picture is used, when it is an http(s) link.
 */
export async function addReview(db: Kysely<Database>, user: SessionUser, input: CreateReviewInput): Promise<Review> {
  const accountPicture = user.image && isPictureUrl(user.image) ? user.image : '';
  const row = await insertReview(db, {
    userId: user.id,
    name: user.name,
    email: user.email,
    rating: input.rating,
    img: input.img || accountPicture,
    note: input.note,
  });
  return toReview(row);
}
