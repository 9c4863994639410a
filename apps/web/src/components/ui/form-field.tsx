import type { ReactNode } from 'react';

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
