import type { ComponentProps, ReactNode } from 'react';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';

interface QuantityStepperProps extends Omit<ComponentProps<'input'>, 'id' | 'step' | 'min' | 'max'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** The pack size: the buttons and the arrow keys move by it. */
  step: number;
  min: number;
  max: number;
  /** The current quantity (NaN while the field is empty). */
  quantity: number;
  /** Sets the quantity (a button was pressed). */
  onQuantity: (quantity: number) => void;
}

/**
 * A quantity field with − and + buttons that move by the pack size, within the minimum and the
 * largest orderable quantity; the input's own step does the same for the arrow keys. The rest
 * of the props go to the input (`{...register('quantity')}` fits).
 */
export function QuantityStepper({
  id,
  label,
  error,
  hint,
  step,
  min,
  max,
  quantity,
  onQuantity,
  className = '',
  ...input
}: QuantityStepperProps) {
  const current = Number.isFinite(quantity) ? quantity : min;
  // A quantity off the pack grid moves to the nearest pack in the button's direction; one below
  // the minimum goes up to the minimum.
  const down = Math.max(min, Math.ceil(current / step) * step - step);
  const up = Math.min(max, Math.max(min, Math.floor(current / step) * step + step));
  const unit = step === 1 ? 'piece' : `pack of ${step}`;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className={`join ${className}`}>
        <button
          type="button"
          className="btn join-item px-4"
          aria-label={`One ${unit} fewer`}
          disabled={!(current > min)}
          onClick={() => onQuantity(down)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={step}
          min={min}
          max={max}
          // The − and + beside it step by packs: no second pair of the browser's own arrows inside.
          className={`input join-item w-28 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none ${error ? 'input-error' : ''}`}
          {...fieldAria(id, error, hint !== undefined)}
          {...input}
        />
        <button
          type="button"
          className="btn join-item px-4"
          aria-label={`One ${unit} more`}
          disabled={!(current < max)}
          onClick={() => onQuantity(up)}
        >
          +
        </button>
      </div>
    </FormField>
  );
}
