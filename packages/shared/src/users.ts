import { z } from 'zod';
import { roleSchema } from './auth.ts';
import { hasNoControlCharacters } from './orders.ts';

/** better-auth's user ids: short random strings. Anything else in a path is a 404. */
export const userIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** A row of All Users (`GET /api/users`). */
export const userListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Whether they have opened the link emailed at sign-up: only a verified address may be made an admin. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** `?limit=&cursor=&q=`: the cursor is the opaque `nextCursor` of the previous page. */
export const userPageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** A part of the email or the name, case aside. */
  q: z
    .string()
    .trim()
    .max(200, 'q must be 200 characters or shorter')
    .refine(hasNoControlCharacters, 'q must not hold control characters')
    .optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid cursor')
    .optional(),
});
export type UserPageQuery = z.infer<typeof userPageQuerySchema>;

export const userPageSchema = z.object({ items: z.array(userListItemSchema), nextCursor: z.string().nullable() });
export type UserPage = z.infer<typeof userPageSchema>;

/** The address a removed user's row keeps: unique, and never deliverable (RFC 6761 .invalid). */
export function removedUserEmail(id: string): string {
  return `deleted+${id}@invalid`;
}

/** Whether an address is a removed user's (removedUserEmail): shown as "(removed account)". */
export function isRemovedUserEmail(email: string): boolean {
  return email.startsWith('deleted+') && email.endsWith('@invalid');
}
