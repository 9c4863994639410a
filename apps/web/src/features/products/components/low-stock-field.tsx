import { useFormContext } from 'react-hook-form';
import { InputField, piecesInput } from '../../../components/ui/form-field.tsx';

/** An empty alert is no alert (null), not 0. */
const optionalPieces = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The low-stock alert of Add a Product and Edit: the stock at or under which the tool is listed
 * under Low stock in Manage Products, counted on the dashboard and emailed to the admins (once each
 * time it falls that low, see the server's low-stock module). Empty: no alert.
 */
export function LowStockField({ idPrefix, className = '' }: { idPrefix: string; className?: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<{ lowStockThreshold: number | null }>();
  return (
    <InputField
      id={`${idPrefix}-low-stock`}
      label="Low-stock alert (pieces)"
      hint="At or below this, listed under Low stock and emailed to the admins once. Empty: no alert."
      error={errors.lowStockThreshold?.message}
      fieldClassName={className}
      {...piecesInput}
      min={0}
      {...register('lowStockThreshold', { setValueAs: optionalPieces })}
    />
  );
}
