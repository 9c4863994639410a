import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  imageRefSchema,
  productFormSchema,
  type CreateToolInput,
  type ProductFormValues,
} from '@toolsify/shared/tools';
import { FormField, fieldAria, InputField, TextareaField, piecesInput, dollarsInput } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateTool } from '../api/create-tool.ts';
import { useUploadToolImage } from '../api/upload-tool-image.ts';
import { PricingFields, pricingFieldOf } from './pricing-fields.tsx';

/** Empty number inputs are NaN (valueAsNumber), which the schema answers with the spec's messages. */
const EMPTY: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  img: '',
  available: Number.NaN,
  minimum: Number.NaN,
  price: Number.NaN,
  priceBreaks: [],
  packSize: 1,
  maxPerOrder: null,
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
    setValue,
    control,
    formState: { errors },
  } = form;
  // Bumping the key remounts the file input, which empties it.
  const [fileKey, setFileKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const upload = useUploadToolImage();
  const create = useCreateTool();

  const img = useWatch({ control, name: 'img' }) ?? '';
  const uploaded = img.startsWith('/uploads/');
  const preview = imageRefSchema.safeParse(img).success ? img : '';
  const stockRuleFails = Boolean(errors.available || errors.minimum);

  const clearFile = () => {
    setFileKey((k) => k + 1);
    setFileName(null);
  };
  const setImage = (url: string) => setValue('img', url, { shouldValidate: true, shouldDirty: true });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // Quick answers in the browser; the server checks the content itself.
    if (file.size > IMAGE_MAX_BYTES) {
      clearFile();
      setError('img', { message: `The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.` });
      return;
    }
    setFileName(file.name);
    upload.mutate(file, {
      onSuccess: ({ url }) => setImage(url),
      // A refused file leaves the image as it was, with the reason under it.
      onError: (error) => {
        clearFile();
        setError('img', { message: error.message });
      },
    });
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(messages.productAdded);
        reset(EMPTY);
        clearFile();
      },
      onError: (error) => {
        toast.error(error.message);
        if (error instanceof ApiError) {
          for (const [apiField, message] of Object.entries(error.fields)) {
            const field = FIELD_OF[apiField] ?? (pricingFieldOf(apiField) as Path<ProductFormValues> | undefined);
            if (field) setError(field, { message });
          }
        }
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-3xl" aria-label="Add a Product">
        <div className="flex flex-col gap-5">
          <fieldset
            className="grid gap-4 rounded-box border border-base-300 p-4 sm:grid-cols-[8rem_1fr]"
            aria-describedby={errors.img ? 'product-img-error' : undefined}
          >
            <legend className="px-1 text-sm font-medium">Image</legend>
            <div className="flex aspect-square w-32 items-center justify-center overflow-hidden rounded-box bg-base-200 ring-1 ring-base-300">
              {upload.isPending ? (
                <span className="loading loading-spinner loading-md text-primary" aria-label="Uploading the image" />
              ) : preview ? (
                <img src={preview} alt="Product preview" className="h-full w-full object-cover" data-testid="image-preview" />
              ) : (
                <span className="px-2 text-center text-xs text-base-content/70">No image yet</span>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-3">
              <FormField id="product-file" label="Upload a file" hint="JPEG, PNG or WebP, up to 5 MB.">
                <input
                  key={fileKey}
                  id="product-file"
                  type="file"
                  accept={IMAGE_TYPES.join(',')}
                  className="file-input w-full"
                  aria-describedby="product-file-hint"
                  onChange={onFile}
                  disabled={upload.isPending}
                />
              </FormField>
              {uploaded && (
                <p className="flex flex-wrap items-center gap-2 text-sm text-success" role="status">
                  Uploaded{fileName ? `: ${fileName}` : ''}
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => {
                      clearFile();
                      setImage('');
                    }}
                  >
                    Remove
                  </button>
                </p>
              )}
              <FormField
                id="product-img"
                label="Image link"
                error={errors.img?.message}
                hint="Filled in when you upload a file; or paste an https:// link to an image."
              >
                <input
                  id="product-img"
                  type="text"
                  inputMode="url"
                  placeholder="https://example.com/tool.jpg"
                  className={`input w-full ${errors.img ? 'input-error' : ''}`}
                  {...fieldAria('product-img', errors.img?.message, true)}
                  {...register('img', { onChange: () => setFileName(null) })}
                />
              </FormField>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
            <InputField id="product-name" label="Name" error={errors.name?.message} {...register('name')} />
            <InputField
              id="product-sku"
              label="SKU"
              hint="Your part number: letters, digits, - _ and ."
              autoComplete="off"
              spellCheck={false}
              error={errors.sku?.message}
              {...register('sku')}
            />
          </div>

          <TextareaField
            id="product-description"
            label="Description"
            error={errors.description?.message}
            rows={4}
            {...register('description')}
          />

          <div className="grid gap-4 sm:grid-cols-3">
            <InputField
              id="product-available"
              label="Available Quantity"
              error={errors.available?.message}
              {...piecesInput}
              {...register('available', { valueAsNumber: true, deps: ['minimum'] })}
            />
            <InputField
              id="product-minimum"
              label="Minimum Quantity"
              error={errors.minimum?.message}
              {...piecesInput}
              {...register('minimum', { valueAsNumber: true })}
            />
            <InputField
              id="product-price"
              label="Price per unit ($)"
              error={errors.price?.message}
              {...dollarsInput}
              placeholder="0.00"
              {...register('price', { valueAsNumber: true })}
            />
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
