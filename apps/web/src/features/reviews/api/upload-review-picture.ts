import { useMutation } from '@tanstack/react-query';
import type { ImageUpload } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/reviews/image` (multipart, field `image`): answers the path to send as the review's img. */
export function uploadReviewPicture(file: File): Promise<ImageUpload> {
  const body = new FormData();
  body.append('image', file);
  return api<ImageUpload>('/api/reviews/image', { method: 'POST', body });
}

export function useUploadReviewPicture() {
  return useMutation({ mutationFn: uploadReviewPicture });
}
