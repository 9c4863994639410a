import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import {
  RATING_MAX,
  RATING_MIN,
  createReviewSchema,
  isReviewPicture,
  ratingLabels,
  type CreateReviewInput,
  type ReviewFormValues,
} from '@toolsify/shared/reviews';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@toolsify/shared/tools';
import { FormField, fieldAria, TextareaField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateReview } from '../api/create-review.ts';
import { useUploadReviewPicture } from '../api/upload-review-picture.ts';
import { AVATAR_FALLBACK } from '../avatar.ts';

export interface ReviewFormProps {
  /** The signed-in account: its name is shown read-only. */
  account: { name: string };
}

const FIELDS = ['rating', 'img', 'note'] as const;

const defaults: ReviewFormValues = { rating: 5, img: '', note: '' };

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Add a Review: read-only name, a rating from 1 to 5 chosen as stars (a radio group: arrow keys
 * move between them; stored as the spec's number, enforced by the server), a
 * picture the reviewer uploads (or the default avatar: links to other sites are not taken)
 * and the review text (required).
 */
export function ReviewForm({ account }: ReviewFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, CreateReviewInput>({ resolver: zodResolver(createReviewSchema), defaultValues: defaults });
  const create = useCreateReview();
  const upload = useUploadReviewPicture();
  // Bumping the key remounts the file input, which empties it.
  const [fileKey, setFileKey] = useState(0);
  /** Why the picture chosen last was refused: the review waits until another is chosen or the choice removed. */
  const [refused, setRefused] = useState<string | null>(null);
  const refuse = (message: string) => {
    setFileKey((k) => k + 1);
    setRefused(message);
    setError('img', { message });
  };
  const img = useWatch({ control, name: 'img' }) ?? '';
  const rating = useWatch({ control, name: 'rating' });
  const preview = isReviewPicture(img) ? img : AVATAR_FALLBACK;
  const setPicture = (url: string) => setValue('img', url, { shouldValidate: true, shouldDirty: true });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // A quick answer in the browser; the server checks the content itself.
    if (file.size > IMAGE_MAX_BYTES) {
      refuse(`The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        setRefused(null);
        setPicture(url);
      },
      onError: (error) => refuse(error.message),
    });
  };

  const onSubmit = handleSubmit((values) => {
    // Posted without the picture the reviewer chose? Only once they say so (Remove).
    if (refused) {
      setError('img', { message: `${refused} Choose another picture, or Remove it to post without one.` }, { shouldFocus: true });
      return;
    }
    create.mutate(values, {
      onSuccess: () => {
        toast.success(messages.reviewAdded);
        reset(defaults);
        setFileKey((k) => k + 1);
      },
      onError: (error) => {
        toast.error(error.message);
        setServerFieldErrors(error, FIELDS, setError);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl" aria-label="Add a Review">
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <FormField id="review-name" label="Name">
            <input id="review-name" className="input w-full bg-base-200" value={account.name} readOnly />
          </FormField>
          <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">{`Rating (${RATING_MIN} to ${RATING_MAX})`}</legend>
            <div className="flex items-center gap-3">
              <div className="rating rating-lg" role="radiogroup" aria-label={`Rating (${RATING_MIN} to ${RATING_MAX})`}>
                {RATINGS.map((n) => (
                  <input
                    key={n}
                    type="radio"
                    name="review-rating"
                    value={n}
                    checked={rating === n}
                    onChange={() => setValue('rating', n, { shouldValidate: true, shouldDirty: true })}
                    className="mask mask-star-2 bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                    aria-label={`${messages.stars(n)}: ${ratingLabels[n]}`}
                  />
                ))}
              </div>
              <span className="text-sm text-base-content/80" data-testid="rating-label">
                {typeof rating === 'number' && ratingLabels[rating] ? `${messages.stars(rating)}: ${ratingLabels[rating]}` : ''}
              </span>
            </div>
            {errors.rating?.message && (
              <p id="review-rating-error" role="alert" className="mt-1 text-sm text-error">
                {errors.rating.message}
              </p>
            )}
          </fieldset>
        </div>

        <FormField
          id="review-img"
          label="Picture"
          error={errors.img?.message}
          hint="Optional: a JPEG, PNG or WebP image of 5 MB at most. Without one, the default avatar shows."
        >
          <div className="flex items-center gap-3">
            <div className="avatar">
              <div className="h-14 w-14 rounded-full bg-base-200 ring-1 ring-base-300">
                {upload.isPending ? (
                  <span className="loading loading-spinner loading-sm m-4 text-primary" aria-label="Uploading the picture" />
                ) : (
                  <img src={preview} alt="" data-testid="review-picture-preview" />
                )}
              </div>
            </div>
            <input
              key={fileKey}
              id="review-img"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              // Smaller on a phone, so the browser's "No file chosen" fits beside its button.
              className={`file-input file-input-sm min-w-0 w-full sm:file-input-md ${errors.img ? 'file-input-error' : ''}`}
              {...fieldAria('review-img', errors.img?.message, true)}
              onChange={onFile}
              disabled={upload.isPending}
            />
            {(isReviewPicture(img) || refused) && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  setRefused(null);
                  setPicture('');
                  setFileKey((k) => k + 1);
                }}
              >
                Remove
              </button>
            )}
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
          <button type="submit" className="btn btn-primary sm:min-w-40" disabled={create.isPending || upload.isPending}>
            {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Add Review
          </button>
        </div>
      </div>
    </form>
  );
}
