import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { ReviewForm } from '../../../features/reviews/components/review-form.tsx';

/** Add a Review: the newest review shows first in the home page's testimonials. */
export default function ReviewPage() {
  const me = useMe();
  return (
    <section aria-labelledby="review-heading" className="flex max-w-3xl flex-col gap-6">
      <header>
        <h2 id="review-heading" className="text-2xl font-bold text-primary">
          Add a Review
        </h2>
        <p className="text-base-content/70">Tell other buyers how our tools and delivery worked for you.</p>
      </header>
      {me.data ? <ReviewForm account={me.data} /> : <Spinner />}
    </section>
  );
}
