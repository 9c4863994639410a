import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/upload-image.ts';

/** `POST /api/reviews/image`: answers the path to send as the review's img. */
export function useUploadReviewPicture() {
  return useMutation({ mutationFn: (file: File) => uploadImage('/api/reviews/image', file) });
}
