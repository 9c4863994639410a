import { z } from 'zod';

/** Database ids are positive integers; anything else in a path is a 404, never a 500. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const idParamsSchema = z.object({ id: idSchema });

/** Cursor pagination shared by every list endpoint: `?limit=&cursor=` (cursor = last id seen). */
export const pageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: idSchema.optional(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });
}
export type Page<T, Cursor = number> = { items: T[]; nextCursor: Cursor | null };
