import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the field errors the server named (`error.fields`, the API's error shape) on the form's
 * own fields, so a refusal shows under the field it is about; the first one takes the focus.
 * Answers how many it set (0: the error is not about a field).
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): number {
  if (!(error instanceof ApiError)) return 0;
  let count = 0;
  for (const field of fields) {
    const message = error.fields[field];
    if (!message) continue;
    setError(field, { message }, { shouldFocus: count === 0 });
    count += 1;
  }
  return count;
}
