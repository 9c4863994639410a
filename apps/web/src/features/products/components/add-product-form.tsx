import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { recheckFilled } from '../../../lib/recheck-filled.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import { productFormSchema, type CreateToolInput, type ProductFormValues } from '@toolsify/shared/tools';
import { InputField, piecesInput } from '../../../components/ui/form-field.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { useCreateTool } from '../api/create-tool.ts';
import { useUploadToolImage } from '../api/upload-tool-image.ts';
import { ImageField } from './image-field.tsx';
import { LowStockField } from './low-stock-field.tsx';
import { CategoryField } from './category-field.tsx';
import { PricingFields } from './pricing-fields.tsx';
import { ToolTextFields, setToolFieldErrors } from './tool-text-fields.tsx';

/**
 * An empty number box, as the form's state holds it until the admin types (then valueAsNumber
 * makes it a number, or NaN once emptied): the schema answers each with the spec's messages. Not
 * NaN here: a reset writes the defaults into the boxes, and NaN is no number input's value
 * (Chrome warns "The specified value "NaN" cannot be parsed"); nor undefined, which a reset
 * leaves the boxes' old numbers for.
 */
const EMPTY_BOX = '' as unknown as number;

const EMPTY: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  img: '',
  available: EMPTY_BOX,
  minimum: EMPTY_BOX,
  price: EMPTY_BOX,
  priceBreaks: [],
  packSize: 1,
  maxPerOrder: null,
  lowStockThreshold: null,
  category: null,
};
/** The API's field names mapped to the form's (the price is dollars here, cents there). */
const FIELD_OF: Record<string, keyof ProductFormValues> = {
  name: 'name',
  sku: 'sku',
  description: 'description',
  img: 'img',
  available: 'available',
  minimum: 'minimum',
  priceCents: 'price',
  lowStockThreshold: 'lowStockThreshold',
  category: 'category',
};

/**
 * Add a Product: image (an uploaded file or an https link), name, description, available,
 * minimum, price in dollars, and bulk pricing (pack size, maximum, price breaks). The spec's three quantity messages show as the admin types and
 * keep Submit disabled while any of them fails; the server applies the same schema.
 */
export function AddProductForm() {
  const form = useForm<ProductFormValues, unknown, CreateToolInput>({
    resolver: zodResolver(productFormSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  // Bumping the key remounts the image field, which empties its file input.
  const [imageKey, setImageKey] = useState(0);
  const upload = useUploadToolImage();
  const create = useCreateTool();
  const stockRuleFails = Boolean(errors.available || errors.minimum);

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(messages.productAdded);
        reset(EMPTY);
        setImageKey((k) => k + 1);
      },
      onError: (error) => {
        // Each refusal is said under its field; the toast names them once, not as the API's "sku: ...".
        const underFields = setToolFieldErrors(error, FIELD_OF, setError);
        toast.error(underFields ? 'The product was not added: see the highlighted fields.' : error.message);
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-3xl" aria-label="Add a Product">
        <div className="flex flex-col gap-5">
          <ImageField key={imageKey} idPrefix="product" upload={upload} />

          <ToolTextFields idPrefix="product" descriptionRows={4} />

          <div className="grid gap-4 sm:grid-cols-3">
            <InputField
              id="product-available"
              label="Available Quantity"
              error={errors.available?.message}
              {...piecesInput}
              {...register('available', { valueAsNumber: true, onChange: () => recheckFilled(form, ['minimum']) })}
            />
            <InputField
              id="product-minimum"
              label="Minimum Quantity"
              error={errors.minimum?.message}
              {...piecesInput}
              {...register('minimum', { valueAsNumber: true })}
            />
            <MoneyField<ProductFormValues>
              id="product-price"
              name="price"
              label="Price per unit ($)"
              error={errors.price?.message}
              placeholder="0.00"
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-3">
            <LowStockField idPrefix="product" className="sm:col-span-2" />
            <CategoryField idPrefix="product" />
          </div>

          <PricingFields idPrefix="product" />

          <div className="flex justify-end">
            <button
              type="submit"
              className="btn btn-primary w-full sm:w-auto sm:min-w-40"
              disabled={stockRuleFails || create.isPending || upload.isPending}
            >
              {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Add Product
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
