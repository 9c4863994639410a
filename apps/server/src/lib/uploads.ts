import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@toolsify/shared/tools';
import { z } from 'zod';
import { AppError } from './errors.ts';
import type { Config } from '../config.ts';
import { webDistDir } from './web-dist.ts';

const extensionByType: Record<(typeof IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const TOO_LARGE = `The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`;
const NOT_AN_IMAGE = 'The file must be a JPEG, PNG or WebP image.';

function isImageType(mime: string): mime is (typeof IMAGE_TYPES)[number] {
  return (IMAGE_TYPES as readonly string[]).includes(mime);
}

const SEND_ONE_FILE = 'Send the image as multipart/form-data: one file in a field named "image", and nothing else.';

/** A failure while reading the upload is the client's (malformed, cut off, too many parts). */
function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { image: TOO_LARGE });
  if (
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT' ||
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
  ) {
    return new AppError('BAD_REQUEST', SEND_ONE_FILE, { image: 'Choose an image file' });
  }
  return new AppError('BAD_REQUEST', 'The upload was cut off or malformed. Please try again.', {
    image: 'The upload did not arrive whole',
  });
}

/** For the OpenAPI document only: the multipart body is read by the handler, not validated by a schema. */
export const imageUploadBody = z.unknown().meta({
  type: 'object',
  properties: { image: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' } },
  required: ['image'],
});

/** What `@fastify/multipart` takes for an image upload: one file, nothing else. */
export const IMAGE_UPLOAD_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 50 };

/**
 * Stores an uploaded image (a product's, a review's) and answers the path it is served at. The type is read
 * from the file's content (its magic bytes), never from its name or the declared type; the
 * stored name is random, with the extension of the detected type.
 */
export async function storeUploadedImage(uploadDir: string, nextFile: () => Promise<MultipartFile | undefined>): Promise<string> {
  let buffer: Buffer;
  try {
    const file = await nextFile();
    if (!file) throw new AppError('BAD_REQUEST', SEND_ONE_FILE, { image: 'Choose an image file' });
    buffer = await file.toBuffer();
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error);
  }
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !isImageType(detected.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE, { image: NOT_AN_IMAGE });
  }
  const name = `${randomUUID()}.${extensionByType[detected.mime]}`;
  await writeFile(path.join(path.resolve(uploadDir), name), buffer, { flag: 'wx', mode: 0o644 });
  return `/uploads/${name}`;
}

/**
 * Why a tool's image path would show broken, or null: an upload that never happened (or was
 * removed), or a path of the store's own images (/images/..., the built web app's) that names no
 * file. Without a built web app (the API's tests) the store's own images cannot be told apart:
 * any is taken. An https URL is the admin's to check.
 */
export function missingImage(config: Pick<Config, 'UPLOAD_DIR' | 'WEB_DIST_DIR'>, img: unknown): string | null {
  if (typeof img !== 'string') return null;
  const ref = img.trim();
  if (ref.startsWith('/uploads/')) {
    return existsSync(path.join(path.resolve(config.UPLOAD_DIR), path.basename(ref)))
      ? null
      : 'This uploaded image was not found. Upload it again.';
  }
  if (ref.startsWith('/images/')) {
    const root = webDistDir(config);
    if (!existsSync(path.join(root, 'images'))) return null;
    // imageRefSchema allows letters, digits, _ and - between the slashes: no way out of the folder.
    return existsSync(path.join(root, ref)) ? null : 'No image of the store has this path. Upload the image instead.';
  }
  return null;
}
