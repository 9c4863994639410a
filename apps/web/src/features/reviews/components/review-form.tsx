import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import { RATING_MAX, RATING_MIN, createReviewSchema, isPictureUrl, type CreateReviewInput, type ReviewFormValues } from '@toolsify/shared/reviews';
import { FormField, fieldAria, TextareaField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateReview } from '../api/create-review.ts';

export interface ReviewFormProps {
  /** The signed-in account: its name is shown read-only, its picture is the default. */
  account: { name: string; image: string | null };
}

const FIELDS = ['rating', 'img', 'note'] as const;

/**
 * Add a Review: read-only name, a rating from 1 to 5 (enforced here and by the server), a
 * picture link (the account's picture by default) and the review text (required).
 */
export function ReviewForm({ account }: ReviewFormProps) {
  const defaultPicture = account.image && isPictureUrl(account.image) ? account.image : '';
  const defaults: ReviewFormValues = { rating: 5, img: defaultPicture, note: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, CreateReviewInput>({ resolver: zodResolver(createReviewSchema), defaultValues: defaults });
  const create = useCreateReview();
  const img = useWatch({ control, name: 'img' }) ?? '';
  const preview = img && isPictureUrl(img.trim()) ? img.trim() : '';

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(messages.reviewAdded);
        reset(defaults);
      },
      onError: (error) => {
        toast.error(error.message);
        setServerFieldErrors(error, FIELDS, setError);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl" aria-label="Add a Review">
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <FormField id="review-name" label="Name">
            <input id="review-name" className="input w-full bg-base-200" value={account.name} readOnly />
          </FormField>
          <FormField id="review-rating" label={`Rating (${RATING_MIN} to ${RATING_MAX})`} error={errors.rating?.message}>
            <input
              id="review-rating"
              type="number"
              inputMode="numeric"
              min={RATING_MIN}
              max={RATING_MAX}
              step={1}
              className={`input w-full ${errors.rating ? 'input-error' : ''}`}
              {...fieldAria('review-rating', errors.rating?.message)}
              {...register('rating', { valueAsNumber: true })}
            />
          </FormField>
        </div>

        <FormField
          id="review-img"
          label="Picture link"
          error={errors.img?.message}
          hint={defaultPicture ? 'Your account picture, or a link to another one.' : 'Optional: a link to your picture (http:// or https://).'}
        >
          <div className="flex items-center gap-3">
            <div className="avatar">
              <div className="h-12 w-12 rounded-full bg-base-200 ring-1 ring-base-300">
                {preview ? <img src={preview} alt="" referrerPolicy="no-referrer" /> : null}
              </div>
            </div>
            <input
              id="review-img"
              type="url"
              inputMode="url"
              placeholder="https://example.com/me.jpg"
              className={`input w-full ${errors.img ? 'input-error' : ''}`}
              {...fieldAria('review-img', errors.img?.message, true)}
              {...register('img')}
            />
          </div>
        </FormField>

        <TextareaField
          id="review-note"
          label="Review"
          error={errors.note?.message}
          rows={5}
          maxLength={1000}
          placeholder="How did the tools and the delivery work out for you?"
          {...register('note')}
        />

        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary sm:min-w-40" disabled={create.isPending}>
            {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Add Review
          </button>
        </div>
      </div>
    </form>
  );
}
