import { useState, type ComponentProps } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { moneyTextProblem, parseDollars } from '@toolsify/shared/money';
import { dollarsInput, InputField } from './form-field.tsx';

/** Dollars as a money field shows them: always with cents (14.5 reads 14.50); nothing for no number. */
const withCents = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '');

type MoneyFieldProps<T extends FieldValues> = Omit<ComponentProps<typeof InputField>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'> & {
  name: FieldPath<T>;
  /** Fields validated again when this one changes (react-hook-form's `deps`). */
  deps?: FieldPath<T>[];
};

/**
 * A dollars field of the form around it (react-hook-form's FormProvider): its value is a number,
 * NaN when empty, as `valueAsNumber` gives. A number input set from a number shows it as
 * JavaScript writes it (14.5); this one shows a price with its cents, except while the admin types
 * in it, when it shows what they typed. It is a text field read by parseDollars: a number input
 * took "12,50" (a decimal comma) as 1250. What is not an amount ("12,50") is named under the field
 * and kept as typed until it is put right; the form's value is then NaN, so it is not saved.
 */
export function MoneyField<T extends FieldValues>({ name, deps, ...field }: MoneyFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ name, control, rules: deps ? { deps } : {} });
  const [typed, setTyped] = useState<string | null>(null);
  const problem = typed === null ? null : moneyTextProblem(typed);
  return (
    <InputField
      {...field}
      {...dollarsInput}
      error={problem ?? field.error}
      ref={ref}
      name={name}
      value={typed ?? withCents(value)}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parseDollars(event.target.value));
      }}
      onBlur={() => {
        if (problem === null) setTyped(null);
        onBlur();
      }}
    />
  );
}
