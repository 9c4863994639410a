import { sql, type Kysely } from 'kysely';
import type { AdminReview, Review } from '@toolsify/shared/reviews';
import { nowIso, toIso, type Database, type ReviewRow } from '../../db/schema.ts';

/** A review row with `verified`: whether its reviewer has a paid or shipped order. */
export type ReviewWithVerified = ReviewRow & { verified: boolean | number };

export function toReview(row: ReviewWithVerified): Review {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    img: row.img,
    note: row.note,
    createdAt: toIso(row.created_at),
    verifiedBuyer: Boolean(row.verified),
  };
}

export function toAdminReview(row: ReviewWithVerified): AdminReview {
  return {
    ...toReview(row),
    email: row.email,
    hidden: row.hidden_at !== null,
    hiddenAt: row.hidden_at === null ? null : toIso(row.hidden_at),
  };
}

/** "Verified buyer", in SQL: the reviewer has an order that was paid (paid, or since shipped). */
const verified = sql<boolean>`exists (select 1 from orders o where o.user_id = review.user_id and o.status in ('paid', 'shipped'))`;

function reviews(db: Kysely<Database>) {
  return db.selectFrom('review').selectAll('review').select(verified.as('verified')).where('review.deleted_at', 'is', null);
}

/** The newest shown reviews first (the home page's testimonials): never a hidden one. */
export async function findRecentReviews(db: Kysely<Database>, limit: number): Promise<ReviewWithVerified[]> {
  return reviews(db).where('review.hidden_at', 'is', null).orderBy('review.id', 'desc').limit(limit).execute();
}

/** Every review, hidden ones too, newest first, after `cursor` (the last id seen). */
export async function findReviewsPage(db: Kysely<Database>, limit: number, cursor?: number): Promise<ReviewWithVerified[]> {
  let query = reviews(db);
  if (cursor !== undefined) query = query.where('review.id', '<', cursor);
  return query.orderBy('review.id', 'desc').limit(limit).execute();
}

export async function findReviewById(db: Kysely<Database>, id: number): Promise<ReviewWithVerified | undefined> {
  return reviews(db).where('review.id', '=', id).executeTakeFirst();
}

/**
 * Hides (`by` an admin) or shows again (`by` null) a review, only if it is not so already:
 * answers whether it changed, so two admins at once record one change.
 */
export async function setReviewHidden(db: Kysely<Database>, id: number, by: string | null): Promise<boolean> {
  const result = await db
    .updateTable('review')
    .set(by === null ? { hidden_at: null, hidden_by: null } : { hidden_at: nowIso(), hidden_by: by })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('hidden_at', by === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertReview(
  db: Kysely<Database>,
  review: { userId: string; name: string; email: string; rating: number; img: string; note: string },
): Promise<ReviewWithVerified> {
  const row = await db
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
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await findReviewById(db, row.id);
  if (!inserted) throw new Error(`review ${row.id} not found after insert`);
  return inserted;
}
