import { useMutation } from '@tanstack/react-query';
import type { ImageUpload } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/uploads` (multipart, field `image`): answers the URL to use as the tool's img. */
export function uploadToolImage(file: File): Promise<ImageUpload> {
  const body = new FormData();
  body.append('image', file);
  return api<ImageUpload>('/api/uploads', { method: 'POST', body });
}

export function useUploadToolImage() {
  return useMutation({ mutationFn: uploadToolImage });
}
