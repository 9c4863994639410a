import type { ComponentProps } from 'react';
import { MAX_PO_NUMBER_LENGTH } from '@toolsify/shared/orders';
import { InputField } from '../../../components/ui/form-field.tsx';

/**
 * The buyer's own purchase-order reference on an order form (checkout, the purchase page):
 * optional, kept on the order and printed on its invoice. `input` is the form's registration.
 */
export function PoNumberField({ id, error, ...input }: { id: string; error: string | undefined } & ComponentProps<'input'>) {
  return (
    <InputField
      id={id}
      label="PO number (optional)"
      hint="Your own purchase-order reference, shown on the order and its invoice."
      autoComplete="off"
      maxLength={MAX_PO_NUMBER_LENGTH}
      error={error}
      {...input}
    />
  );
}
