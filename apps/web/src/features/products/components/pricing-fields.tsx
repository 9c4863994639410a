import { useFieldArray, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { MAX_PRICE_BREAKS } from '@toolsify/shared/pricing';
import type { ProductFormValues } from '@toolsify/shared/tools';
import { InputField, piecesInput } from '../../../components/ui/form-field.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { recheckFilled } from '../../../lib/recheck-filled.ts';

/** The pricing fields both product forms have (Add a Product and Edit). */
export type PricingFormFields = Pick<ProductFormValues, 'packSize' | 'maxPerOrder' | 'priceBreaks' | 'minimum' | 'price'>;

/** An empty maximum is no maximum (null), not 0. */
const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * Pack size, maximum per order and up to five price breaks (quantity and unit price in
 * dollars): add, remove, and sort by quantity. The shared pricing rule reports on each field as
 * the admin types (the forms' schemas); the server checks the same rule.
 */
export function PricingFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<PricingFormFields>();
  const { register, control, formState } = form;
  const errors: FieldErrors<PricingFormFields> = formState.errors;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'priceBreaks' });
  const rows = useWatch({ control, name: 'priceBreaks' }) ?? [];
  const packSize = useWatch({ control, name: 'packSize' });
  const minimum = useWatch({ control, name: 'minimum' });
  const price = useWatch({ control, name: 'price' });
  const pack = Number.isInteger(packSize) && packSize > 0 ? packSize : 1;
  const outOfOrder = rows.some((row, n) => n > 0 && row.minQuantity < (rows[n - 1]?.minQuantity ?? 0));

  const addBreak = () => {
    const last = rows.at(-1);
    const from = last?.minQuantity ?? (Number.isInteger(minimum) ? minimum : pack);
    // The next whole packs above the last break, about twice as many; 5 % cheaper.
    const quantity = Math.max(from + pack, Math.ceil((from * 2) / pack) * pack);
    const before = last?.unitPrice ?? price;
    const unitPrice = Number.isFinite(before) ? Math.max(0.01, Math.floor(before * 95) / 100) : Number.NaN;
    append({ minQuantity: quantity, unitPrice }, { shouldFocus: true });
  };

  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">Bulk pricing and quantities</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${idPrefix}-pack-size`}
          label="Pack size"
          hint="Sold in multiples of this (1: any quantity)."
          error={errors.packSize?.message}
          {...piecesInput}
          {...register('packSize', { valueAsNumber: true, onChange: () => recheckFilled(form, ['minimum', 'maxPerOrder', 'priceBreaks']) })}
        />
        <InputField
          id={`${idPrefix}-max-per-order`}
          label="Maximum per order"
          hint="Leave empty for no maximum but the stock."
          error={errors.maxPerOrder?.message}
          {...piecesInput}
          {...register('maxPerOrder', { setValueAs: optionalNumber, deps: ['priceBreaks'] })}
        />
      </div>

      <div className="flex flex-col gap-3">
        <p className="text-sm font-medium" id={`${idPrefix}-breaks-label`}>
          Price breaks <span className="font-normal text-base-content/70">(a lower unit price from a quantity on)</span>
        </p>
        {errors.priceBreaks?.message && (
          <p role="alert" className="text-sm text-error">
            {errors.priceBreaks.message}
          </p>
        )}
        {fields.length === 0 && <p className="text-sm text-base-content/70">No price breaks: one price for every quantity.</p>}
        <ol className="flex flex-col gap-3" aria-labelledby={`${idPrefix}-breaks-label`}>
          {fields.map((field, n) => (
            <li
              key={field.id}
              className="grid grid-cols-2 items-start gap-x-3 gap-y-1 sm:grid-cols-[1fr_1fr_auto]"
              data-testid="price-break-row"
            >
              <InputField
                id={`${idPrefix}-break-${n}-quantity`}
                // One line to the eye on a phone, as the price beside it (the two boxes level); the break's number for screen readers.
                label={
                  <>
                    From (pieces)<span className="sr-only">, break {n + 1}</span>
                  </>
                }
                error={errors.priceBreaks?.[n]?.minQuantity?.message}
                {...piecesInput}
                step={pack}
                {...register(`priceBreaks.${n}.minQuantity`, { valueAsNumber: true, deps: ['priceBreaks'] })}
              />
              <MoneyField<PricingFormFields>
                id={`${idPrefix}-break-${n}-price`}
                name={`priceBreaks.${n}.unitPrice`}
                deps={['priceBreaks']}
                label={
                  <>
                    Unit price ($)<span className="sr-only">, break {n + 1}</span>
                  </>
                }
                error={errors.priceBreaks?.[n]?.unitPrice?.message}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm col-span-2 justify-self-end text-error sm:col-span-1 sm:mt-8"
                aria-label={`Remove price break ${n + 1}`}
                onClick={() => remove(n)}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={addBreak} disabled={fields.length >= MAX_PRICE_BREAKS}>
            Add a price break
          </button>
          {outOfOrder && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => replace([...rows].sort((a, b) => a.minQuantity - b.minQuantity))}
            >
              Sort by quantity
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** The pricing fields of an API error (`priceBreaks.1.unitPriceCents`) as the forms name them (`priceBreaks.1.unitPrice`). */
export function pricingFieldOf(apiField: string): string | undefined {
  if (apiField === 'packSize' || apiField === 'maxPerOrder' || apiField === 'priceBreaks') return apiField;
  const row = /^priceBreaks\.(\d)\.(minQuantity|unitPriceCents)$/.exec(apiField);
  return row ? `priceBreaks.${row[1]}.${row[2] === 'unitPriceCents' ? 'unitPrice' : 'minQuantity'}` : undefined;
}
