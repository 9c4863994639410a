import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import type { AdminReview } from '@toolsify/shared/reviews';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAllReviews, useSetReviewHidden } from '../../../features/reviews/api/admin-reviews.ts';
import { AVATAR_FALLBACK } from '../../../features/reviews/avatar.ts';
import { VerifiedBadge } from '../../../features/reviews/components/verified-badge.tsx';
import { dateFormat } from '../../../lib/date-format.ts';

function ReviewRow({ review }: { review: AdminReview }) {
  const change = useSetReviewHidden();
  const toggle = () =>
    change.mutate(
      { id: review.id, hidden: !review.hidden },
      {
        onSuccess: (changed) =>
          toast.success(changed.hidden ? 'The review is hidden from the testimonials.' : 'The review shows in the testimonials again.'),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <li
      data-testid="admin-review"
      className={`card border bg-base-100 shadow-sm ${review.hidden ? 'border-dashed border-base-300 opacity-80' : 'border-base-300'}`}
    >
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-start sm:p-5">
        <img
          src={review.img || AVATAR_FALLBACK}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-full bg-base-200 object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">{review.name}</p>
            {/* Which account posted it: a spam review's name alone says little. */}
            <p className="text-sm text-base-content/70 [overflow-wrap:anywhere]" data-testid="review-email">
              {review.email}
            </p>
            {review.verifiedBuyer && <VerifiedBadge />}
            {review.hidden && <span className="badge badge-sm badge-ghost">Hidden</span>}
          </div>
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            <span className="flex text-secondary" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Icon key={i} name="star" filled className={`h-4 w-4 ${i < review.rating ? '' : 'text-base-300'}`} />
              ))}
            </span>
            <span>{messages.stars(review.rating)}</span>
            <span aria-hidden="true">·</span>
            <span>{dateFormat.format(new Date(review.createdAt))}</span>
          </p>
          <p className="break-words">{review.note}</p>
        </div>
        <button
          type="button"
          className={`btn btn-sm shrink-0 ${review.hidden ? 'btn-primary' : 'btn-outline'}`}
          onClick={toggle}
          disabled={change.isPending}
          aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.name}`}
        >
          {change.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {review.hidden ? 'Show again' : 'Hide'}
        </button>
      </div>
    </li>
  );
}

/** Reviews (admin): every review, newest first, with Verified buyer and Hide / Show again. */
export default function ReviewsPage() {
  const reviews = useAllReviews();
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="reviews-heading" className="flex max-w-4xl flex-col gap-6">
      <header>
        <h2 id="reviews-heading" className="text-2xl font-bold text-primary">
          Reviews
        </h2>
        <p className="text-base-content/70">Hidden reviews leave the testimonials on the home page; you can show them again.</p>
      </header>
      {reviews.isError ? (
        <div role="alert" className="alert alert-error">
          <span>We could not load the reviews. {reviews.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void reviews.refetch()}>
            Retry
          </button>
        </div>
      ) : reviews.isPending ? (
        <Spinner label="Loading the reviews" />
      ) : items.length === 0 ? (
        <p className="text-base-content/70">No reviews yet.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
          {reviews.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline self-center"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
            >
              {reviews.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Load more
            </button>
          )}
        </>
      )}
    </section>
  );
}
