import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { MultipartFile } from '@fastify/multipart';
import type { AdminReview, AdminReviewPage, CreateReviewInput, Review } from '@toolsify/shared/reviews';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { storeUploadedImage } from '../../lib/uploads.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import {
  findRecentReviews,
  findReviewById,
  findReviewsPage,
  insertReview,
  setReviewHidden,
  toAdminReview,
  toReview,
} from './reviews.repository.ts';

/** The most recent shown reviews, newest first (the home page's testimonials): hidden ones never. */
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

/** Every review for admins, hidden ones too, newest first, a page at a time. */
export async function listAllReviews(deps: Pick<ServiceDeps, 'db'>, limit: number, cursor?: number): Promise<AdminReviewPage> {
  const rows = await findReviewsPage(deps.db, limit + 1, cursor);
  const items = rows.slice(0, limit).map(toAdminReview);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * An admin hides a review from the testimonials (`hidden` true) or shows it again, recorded in
 * the audit log in the same transaction. Doing what is already done changes and records
 * nothing; an unknown (or deleted) review is a 404.
 */
export async function setHidden(deps: Pick<ServiceDeps, 'db'>, actorId: string, id: number, hidden: boolean): Promise<AdminReview> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findReviewById(trx, id);
    if (!before) throw new AppError('NOT_FOUND', 'This review does not exist.');
    if (await setReviewHidden(trx, id, hidden ? actorId : null)) {
      await recordAudit(trx, {
        actorId,
        action: hidden ? 'review.hide' : 'review.unhide',
        target: { type: 'review', id, label: `${before.name}: ${before.note.slice(0, 60)}` },
        before: { hidden: !hidden },
        after: { hidden },
      });
    }
    const after = await findReviewById(trx, id);
    if (!after) throw new AppError('NOT_FOUND', 'This review does not exist.');
    return toAdminReview(after);
  });
}
