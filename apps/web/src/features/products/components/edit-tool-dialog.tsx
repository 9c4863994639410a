import { useEffect, useId, useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { editToolFormSchema, type EditToolFormValues, type ManagedTool, type UpdateToolInput } from '@toolsify/shared/tools';
import { FormField, InputField, piecesInput } from '../../../components/ui/form-field.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { useUpdateTool } from '../api/update-tool.ts';
import { useUploadToolImage } from '../api/upload-tool-image.ts';
import { ImageField } from './image-field.tsx';
import { LowStockField } from './low-stock-field.tsx';
import { CategoryField } from './category-field.tsx';
import { PricingFields } from './pricing-fields.tsx';
import { ToolTextFields, setToolFieldErrors } from './tool-text-fields.tsx';
import { formatCount } from '@toolsify/shared/money';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/** The API's field names mapped to the form's. */
const FIELD_OF: Record<string, keyof EditToolFormValues> = {
  name: 'name',
  sku: 'sku',
  description: 'description',
  img: 'img',
  priceCents: 'price',
  minimum: 'minimum',
  'stock.delta': 'stockDelta',
  stock: 'stockDelta',
  'stock.reason': 'stockReason',
  lowStockThreshold: 'lowStockThreshold',
  category: 'category',
};

/** Only what changed, so an untouched minimum is never re-checked against a low stock. */
function changesFrom(tool: ManagedTool, next: UpdateToolInput): UpdateToolInput {
  return {
    ...(next.name !== undefined && next.name !== tool.name ? { name: next.name } : {}),
    ...(next.sku !== undefined && next.sku !== tool.sku ? { sku: next.sku } : {}),
    ...(next.description !== undefined && next.description !== tool.description ? { description: next.description } : {}),
    ...(next.img !== undefined && next.img !== tool.img ? { img: next.img } : {}),
    ...(next.priceCents !== undefined && next.priceCents !== tool.priceCents ? { priceCents: next.priceCents } : {}),
    ...(next.minimum !== undefined && next.minimum !== tool.minimum ? { minimum: next.minimum } : {}),
    ...(next.packSize !== undefined && next.packSize !== tool.packSize ? { packSize: next.packSize } : {}),
    ...(next.maxPerOrder !== undefined && next.maxPerOrder !== tool.maxPerOrder ? { maxPerOrder: next.maxPerOrder } : {}),
    ...(next.priceBreaks !== undefined && JSON.stringify(next.priceBreaks) !== JSON.stringify(tool.priceBreaks)
      ? { priceBreaks: next.priceBreaks }
      : {}),
    ...(next.lowStockThreshold !== undefined && next.lowStockThreshold !== tool.lowStockThreshold
      ? { lowStockThreshold: next.lowStockThreshold }
      : {}),
    ...(next.category !== undefined && next.category !== tool.category ? { category: next.category } : {}),
    ...(next.stock ? { stock: next.stock } : {}),
  };
}

/**
 * Edit everything an admin set on a tool: name, SKU, description, image (an upload or a link),
 * price, minimum, bulk pricing (pack size, maximum, price breaks), and its stock. Stock moves
 * by a change (+ restock, +/- correction) applied to the stock as it is when saved, so orders
 * placed meanwhile count.
 */
export function EditToolDialog({ tool, onClose }: { tool: ManagedTool | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const update = useUpdateTool();
  const upload = useUploadToolImage();
  const form = useForm<EditToolFormValues, unknown, UpdateToolInput>({ resolver: zodResolver(editToolFormSchema), mode: 'onChange' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = form;
  const stockDelta = useWatch({ control, name: 'stockDelta' });

  const closed = useModalDialog(ref, { open: tool !== null, onClose });
  useEffect(() => {
    if (tool) {
      reset({
        name: tool.name,
        sku: tool.sku,
        description: tool.description,
        img: tool.img,
        price: tool.priceCents / 100,
        minimum: tool.minimum,
        packSize: tool.packSize,
        maxPerOrder: tool.maxPerOrder,
        lowStockThreshold: tool.lowStockThreshold,
        category: tool.category,
        priceBreaks: tool.priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: tier.unitPriceCents / 100 })),
        stockDelta: 0,
        stockReason: 'restock',
      });
      update.reset();
    }
    // Reset only when another tool is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool]);

  const onSubmit = handleSubmit((values) => {
    if (!tool) return;
    const changes = changesFrom(tool, values);
    if (Object.keys(changes).length === 0) {
      setError('root', { message: 'Nothing to change.' });
      return;
    }
    update.mutate(
      { id: tool.id, changes },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} is updated`);
          onClose();
        },
        onError: (error) => {
          // Said under the fields it is about, or above the buttons when it is about none of them.
          if (!setToolFieldErrors(error, FIELD_OF, setError)) setError('root', { message: error.message });
        },
      },
    );
  });

  const after = tool && Number.isInteger(stockDelta) ? tool.available + stockDelta : null;

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={closed}>
      <div className="modal-box max-w-xl">
        {tool && (
          <FormProvider {...form}>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <h3 id={titleId} className="text-lg font-bold">
                Edit {tool.name}
              </h3>
              <ToolTextFields idPrefix="edit" descriptionRows={3} />
              <ImageField idPrefix="edit" upload={upload} compact />
              <div className="grid gap-4 sm:grid-cols-2">
                <MoneyField<EditToolFormValues> id="edit-price" name="price" label="Price per unit ($)" error={errors.price?.message} />
                <InputField
                  id="edit-minimum"
                  label="Minimum Quantity"
                  error={errors.minimum?.message}
                  {...piecesInput}
                  {...register('minimum', { valueAsNumber: true })}
                />
              </div>
              <PricingFields idPrefix="edit" />
              <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 sm:grid-cols-2">
                <legend className="px-1 text-sm font-medium">Stock: {formatCount(tool.available)} pieces now</legend>
                <InputField
                  id="edit-stock-delta"
                  label="Change (+ adds, − removes)"
                  error={errors.stockDelta?.message}
                  hint={after !== null && stockDelta !== 0 ? `About ${formatCount(after)} after saving` : 'Leave at 0 to keep the stock.'}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  {...register('stockDelta', { valueAsNumber: true, deps: ['stockReason'] })}
                />
                <FormField id="edit-stock-reason" label="Reason" error={errors.stockReason?.message}>
                  <select id="edit-stock-reason" className="select w-full" {...register('stockReason', { deps: ['stockDelta'] })}>
                    <option value="restock">Restock (goods received)</option>
                    <option value="correction">Correction (count fixed)</option>
                  </select>
                </FormField>
                <LowStockField idPrefix="edit" className="sm:col-span-2" />
                <CategoryField idPrefix="edit" />
              </fieldset>
              {errors.root?.message && (
                <p role="alert" className="text-sm text-error">
                  {errors.root.message}
                </p>
              )}
              <div className="modal-action mt-0">
                <button type="button" className="btn" onClick={onClose}>
                  Cancel
                </button>
                <button type="submit" className="btn btn-primary" disabled={update.isPending || upload.isPending}>
                  {update.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  Save changes
                </button>
              </div>
            </form>
          </FormProvider>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
