import type { ChangeEvent, FocusEvent } from 'react';

export type ContactFieldName = 'email' | 'subject' | 'message';
export type ContactDraft = Record<ContactFieldName, string>;

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What a form library (or the stand-in form) binds to one field. */
export interface FieldBinding {
  name: string;
  onChange?: (event: ChangeEvent<Field>) => unknown;
  onBlur?: (event: FocusEvent<Field>) => unknown;
  onFocus?: (event: FocusEvent<Field>) => unknown;
  ref?: (element: Field | null) => void;
  defaultValue?: string;
}

export const contactFieldId = (name: ContactFieldName) => `contact-${name}`;

/**
 * The Contact Us fields as the spec draws them (placeholders 'Email Address', 'Subject', a
 * 6-row 'Your message' and Submit), each with a visible label tied to it. Used by the real
 * form and by the light stand-in shown until the form's code has loaded, so both look alike.
 */
export function ContactFields({
  bind,
  errors = {},
  formError,
  submitting = false,
  onSubmitClick,
}: {
  bind: (name: ContactFieldName) => FieldBinding;
  errors?: Partial<Record<ContactFieldName, string | undefined>>;
  formError?: string | undefined;
  submitting?: boolean;
  onSubmitClick?: () => void;
}) {
  const described = (name: ContactFieldName) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${contactFieldId(name)}-error` } : {};
  const error = (name: ContactFieldName) =>
    errors[name] ? (
      <p id={`${contactFieldId(name)}-error`} className="mt-1 text-sm text-error">
        {errors[name]}
      </p>
    ) : null;
  const fieldClass = (name: ContactFieldName) => (errors[name] ? 'input-error' : '');

  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor={contactFieldId('email')} className="mb-1 block text-sm font-medium">
          Email{' '}
          <span aria-hidden="true" className="text-error">
            *
          </span>
        </label>
        <input
          id={contactFieldId('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Email Address"
          required
          maxLength={254}
          className={`input input-bordered w-full ${fieldClass('email')}`}
          {...described('email')}
          {...bind('email')}
        />
        {error('email')}
      </div>
      <div>
        <label htmlFor={contactFieldId('subject')} className="mb-1 block text-sm font-medium">
          Subject <span className="font-normal text-base-content/60">(optional)</span>
        </label>
        <input
          id={contactFieldId('subject')}
          type="text"
          placeholder="Subject"
          maxLength={200}
          className={`input input-bordered w-full ${fieldClass('subject')}`}
          {...described('subject')}
          {...bind('subject')}
        />
        {error('subject')}
      </div>
      <div>
        <label htmlFor={contactFieldId('message')} className="mb-1 block text-sm font-medium">
          Message{' '}
          <span aria-hidden="true" className="text-error">
            *
          </span>
        </label>
        <textarea
          id={contactFieldId('message')}
          rows={6}
          placeholder="Your message"
          required
          maxLength={5000}
          className={`textarea textarea-bordered w-full ${errors.message ? 'textarea-error' : ''}`}
          {...described('message')}
          {...bind('message')}
        />
        {error('message')}
      </div>
      {formError && (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto sm:justify-self-start sm:px-10"
        disabled={submitting}
        onClick={onSubmitClick}
      >
        {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Submit
      </button>
    </div>
  );
}
