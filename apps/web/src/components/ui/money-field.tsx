import { useState, type ComponentProps } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
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
 * in it, when it shows what they typed.
 */
export function MoneyField<T extends FieldValues>({ name, deps, ...field }: MoneyFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ name, control, rules: deps ? { deps } : {} });
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <InputField
      {...field}
      {...dollarsInput}
      ref={ref}
      name={name}
      value={typed ?? withCents(value)}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(event.target.valueAsNumber);
      }}
      onBlur={() => {
        setTyped(null);
        onBlur();
      }}
    />
  );
}
