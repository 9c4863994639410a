import type { ComponentProps, ReactNode } from 'react';

export interface FormFieldProps {
  /** The id of the control inside; the label points at it, the message is `${id}-error` / `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A visible label tied to its control, with the field's error (in red, announced) or a hint under it. */
export function FormField({ id, label, error, hint, children, className = '' }: FormFieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control inside a FormField. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

/** Input props for a count of pieces: whole numbers, the numeric keypad on phones. */
export const piecesInput = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const;
/** Input props for dollars (MoneyField): text read by parseDollars, the decimal keyboard on phones. */
export const dollarsInput = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;
/** Input props for an email address: the email keyboard and the browser's saved address. */
export const emailInput = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;

/** A control's own props plus the field around it (label, error, hint; `fieldClassName` styles the wrapper). */
type ControlFieldProps<Tag extends 'input' | 'textarea'> = Omit<FormFieldProps, 'children' | 'className'> &
  Omit<ComponentProps<Tag>, 'id'> & { fieldClassName?: string };

/**
 * A daisyUI text input in a FormField: the id, the red state and the aria wiring in one place.
 * The rest of the props go to the input, so `{...register('name')}` (its ref included) fits.
 */
export function InputField({ id, label, error, hint, fieldClassName, className = '', ...input }: ControlFieldProps<'input'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        {...fieldAria(id, error, hint !== undefined)}
        {...input}
      />
    </FormField>
  );
}

/** InputField's twin for a daisyUI textarea. */
export function TextareaField({ id, label, error, hint, fieldClassName, className = '', ...textarea }: ControlFieldProps<'textarea'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        {...fieldAria(id, error, hint !== undefined)}
        {...textarea}
      />
    </FormField>
  );
}
