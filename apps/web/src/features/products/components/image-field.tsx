import { useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, imageRefSchema } from '@toolsify/shared/tools';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import type { useUploadToolImage } from '../api/upload-tool-image.ts';

export interface ImageFieldProps {
  /** Prefixes the controls' ids (`${idPrefix}-file`, `${idPrefix}-img`). */
  idPrefix: string;
  /** The upload of the form around it: the form waits for it before it can be sent. */
  upload: ReturnType<typeof useUploadToolImage>;
  /** Beside the preview, smaller in a dialog. */
  compact?: boolean;
}

/**
 * A product's image, in a form with an `img` field: a file uploaded to the store or an https
 * link, with a preview. Add a Product and the Edit dialog of Manage Products share it. To empty
 * it after a save, remount it (a new `key`) with the form's reset.
 */
export function ImageField({ idPrefix, upload, compact = false }: ImageFieldProps) {
  const {
    register,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useFormContext<{ img: string }>();
  // Bumping the key remounts the file input, which empties it.
  const [fileKey, setFileKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const img = useWatch({ control, name: 'img' }) ?? '';
  const uploaded = img.startsWith('/uploads/');
  const preview = imageRefSchema.safeParse(img).success ? img : '';
  const fileId = `${idPrefix}-file`;
  const linkId = `${idPrefix}-img`;
  const error = errors.img?.message;

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
      onError: (uploadError) => {
        clearFile();
        setError('img', { message: uploadError.message });
      },
    });
  };

  const box = compact ? 'w-24' : 'w-32';
  return (
    <fieldset
      className={`grid gap-4 rounded-box border border-base-300 p-4 ${compact ? 'sm:grid-cols-[6rem_1fr]' : 'sm:grid-cols-[8rem_1fr]'}`}
      aria-describedby={error ? `${linkId}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Image</legend>
      <div className={`flex aspect-square ${box} items-center justify-center overflow-hidden rounded-box bg-base-200 ring-1 ring-base-300`}>
        {upload.isPending ? (
          <span className="loading loading-spinner loading-md text-primary" aria-label="Uploading the image" />
        ) : preview ? (
          <img src={preview} alt="Product preview" className="h-full w-full object-cover" data-testid="image-preview" />
        ) : (
          <span className="px-2 text-center text-xs text-base-content/70">No image yet</span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <FormField id={fileId} label="Upload a file" hint="JPEG, PNG or WebP, up to 5 MB.">
          <input
            key={fileKey}
            id={fileId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="file-input w-full"
            aria-describedby={`${fileId}-hint`}
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
          id={linkId}
          label="Image link"
          error={error}
          hint="Filled in when you upload a file; or paste an https:// link to an image."
        >
          <input
            id={linkId}
            type="text"
            inputMode="url"
            placeholder="https://example.com/tool.jpg"
            className={`input w-full ${error ? 'input-error' : ''}`}
            {...fieldAria(linkId, error, true)}
            {...register('img', { onChange: () => setFileName(null) })}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
