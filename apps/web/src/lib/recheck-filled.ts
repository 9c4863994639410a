import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Re-checks the fields a change bears on (a pack size on the minimum, a stock on the minimum),
 * but only those that hold a value already: react-hook-form's `deps` checks them all, so typing
 * a pack size flagged the minimum the admin had not reached yet as missing.
 */
export function recheckFilled<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'trigger'>, names: ReadonlyArray<Path<T>>) {
  const filled = names.filter((name) => {
    const value: unknown = form.getValues(name);
    if (Array.isArray(value)) return value.length > 0;
    return value !== null && value !== undefined && value !== '' && !(typeof value === 'number' && Number.isNaN(value));
  });
  if (filled.length > 0) void form.trigger(filled);
}
