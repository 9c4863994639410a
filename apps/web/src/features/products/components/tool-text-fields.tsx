import { useFormContext, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { pricingFieldOf } from './pricing-fields.tsx';

interface ToolText {
  name: string;
  sku: string;
  description: string;
}

/** The name, SKU and description of Add a Product and Edit. */
export function ToolTextFields({ idPrefix, descriptionRows }: { idPrefix: string; descriptionRows: number }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ToolText>();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <InputField id={`${idPrefix}-name`} label="Name" error={errors.name?.message} {...register('name')} />
        <InputField
          id={`${idPrefix}-sku`}
          label="SKU"
          hint="Your part number: letters, digits, - _ and ."
          autoComplete="off"
          spellCheck={false}
          error={errors.sku?.message}
          {...register('sku')}
        />
      </div>
      <TextareaField
        id={`${idPrefix}-description`}
        label="Description"
        error={errors.description?.message}
        rows={descriptionRows}
        {...register('description')}
      />
    </>
  );
}

/**
 * Puts each field the API refused on its field of a tool form: `fieldOf` maps the API's names
 * to the form's (the price is cents there, dollars here), the pricing fields map their own.
 * Answers whether every refusal found its field (nothing is left to say elsewhere).
 */
export function setToolFieldErrors<V extends FieldValues>(
  error: Error,
  fieldOf: Partial<Record<string, Path<V>>>,
  setError: UseFormSetError<V>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const refusals = Object.entries(error.fields);
  let shown = 0;
  for (const [apiField, message] of refusals) {
    const field = fieldOf[apiField] ?? (pricingFieldOf(apiField) as Path<V> | undefined);
    if (!field) continue;
    setError(field, { message });
    shown += 1;
  }
  return refusals.length > 0 && shown === refusals.length;
}
