import type { ImageUpload } from '@toolsify/shared/tools';
import { api } from './api-client.ts';

/** Sends one image as multipart (field `image`) to an upload route; answers the path it is served at. */
export function uploadImage(path: '/api/uploads' | '/api/reviews/image', file: File): Promise<ImageUpload> {
  const body = new FormData();
  body.append('image', file);
  return api<ImageUpload>(path, { method: 'POST', body });
}
