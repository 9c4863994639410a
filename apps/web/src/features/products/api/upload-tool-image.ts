import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/upload-image.ts';

/** `POST /api/uploads` (admin): answers the URL to use as the tool's img. */
export function useUploadToolImage() {
  return useMutation({ mutationFn: (file: File) => uploadImage('/api/uploads', file) });
}
