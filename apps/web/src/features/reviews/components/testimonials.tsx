import type { Review } from '@toolsify/shared/reviews';
import { messages } from '@toolsify/shared/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { useLatestReviews } from '../api/get-reviews.ts';
import { AVATAR_FALLBACK } from '../avatar.ts';
import { VerifiedBadge } from './verified-badge.tsx';

function TestimonialCard({ review }: { review: Review }) {
  const rating = Math.max(0, Math.min(5, Math.round(review.rating)));
  return (
    <figure data-testid="testimonial" className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-6">
        <div className="flex items-center gap-4">
          <img
            src={review.img || AVATAR_FALLBACK}
            alt={review.name}
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            onError={(event) => {
              // A broken picture link shows the default avatar instead of a torn image.
              if (!event.currentTarget.src.endsWith(AVATAR_FALLBACK)) event.currentTarget.src = AVATAR_FALLBACK;
            }}
            className="h-16 w-16 shrink-0 rounded-full bg-base-200 object-cover ring-2 ring-secondary/40"
          />
          <figcaption>
            <p className="font-semibold">{review.name}</p>
            {review.verifiedBuyer && (
              <p className="mt-1">
                <VerifiedBadge />
              </p>
            )}
            <p className="flex items-center gap-2 text-sm">
              <span className="flex text-secondary" aria-hidden="true">
                {Array.from({ length: 5 }, (_, i) => (
                  <Icon key={i} name="star" filled className={`h-4 w-4 ${i < rating ? '' : 'text-base-300'}`} />
                ))}
              </span>
              <span className="whitespace-nowrap font-medium text-base-content/80">{messages.stars(review.rating)}</span>
            </p>
          </figcaption>
        </div>
        <blockquote className="text-base-content/80">
          <p>“{review.note}”</p>
        </blockquote>
      </div>
    </figure>
  );
}

/** Testimonials: the 3 most recent reviews (picture, name, note and 'N Stars'). */
export function Testimonials() {
  const reviews = useLatestReviews();
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
      <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say">
        Real reviews from the businesses we supply.
      </SectionHeading>
      {reviews.isPending ? (
        <div
          className="mx-auto grid max-w-2xl grid-cols-1 gap-6 lg:max-w-none lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading reviews"
        >
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-48 rounded-box" />
          ))}
        </div>
      ) : reviews.isError ? (
        <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 text-center">
          <p>We could not load the reviews. {reviews.error.message}</p>
          <button type="button" className="btn btn-sm" onClick={() => void reviews.refetch()} disabled={reviews.isFetching}>
            Retry
          </button>
        </div>
      ) : reviews.data.length === 0 ? (
        <p className="text-center text-base-content/70">No reviews yet. Our first clients’ words will appear here.</p>
      ) : (
        <ul className="mx-auto grid max-w-2xl grid-cols-1 gap-6 lg:max-w-none lg:grid-cols-3">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <TestimonialCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
