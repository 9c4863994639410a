import type { Kysely } from 'kysely';
import type { Review } from '@toolsify/shared/reviews';
import { nowIso, toIso, type Database, type ReviewRow } from '../../db/schema.ts';

export function toReview(row: ReviewRow): Review {
  return { id: row.id, name: row.name, rating: row.rating, img: row.img, note: row.note, createdAt: toIso(row.created_at) };
}

/** The newest reviews first. */
export async function findRecentReviews(db: Kysely<Database>, limit: number): Promise<ReviewRow[]> {
  return db.selectFrom('review').selectAll().where('deleted_at', 'is', null).orderBy('id', 'desc').limit(limit).execute();
}

export async function insertReview(
  db: Kysely<Database>,
  review: { userId: string; name: string; email: string; rating: number; img: string; note: string },
): Promise<ReviewRow> {
  return db
    .insertInto('review')
    .values({
      user_id: review.userId,
      name: review.name,
      email: review.email,
      rating: review.rating,
      img: review.img,
      note: review.note,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
