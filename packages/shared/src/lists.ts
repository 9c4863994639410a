import { z } from 'zod';
import { cartSchema } from './cart.ts';
import { hasNoControlCharacters } from './orders.ts';

/**
 * Saved lists (a B2B buyer's "requisition lists"): named sets of tools and quantities a buyer
 * orders again and again ("Site kit", "Monthly consumables"). Saved from the cart, put back in
 * the cart in one click (today's prices and rules apply there, as for any cart line), kept per
 * buyer on the server. Lines only, as the cart: `[{ toolId, quantity }]`, at most 100, each
 * tool once.
 */

/** The most lists one buyer keeps. */
export const MAX_LISTS_PER_USER = 50;
export const MAX_LIST_NAME_LENGTH = 60;

const listName = z
  .string({ error: 'Name the list' })
  .trim()
  .min(1, 'Name the list')
  .max(MAX_LIST_NAME_LENGTH, `A list's name must be ${MAX_LIST_NAME_LENGTH} characters or shorter`)
  .refine(hasNoControlCharacters, "A list's name must be one line of text");

/**
 * `POST /api/lists` (a new list) and `PUT /api/lists/:id` (a list replaced whole): its name
 * (unique among the buyer's lists, in any case) and its lines, at least one.
 */
export const listInputSchema = z.strictObject({
  name: listName,
  lines: cartSchema.shape.lines.min(1, 'A list needs at least one line'),
});
export type ListInput = z.input<typeof listInputSchema>;

export const listSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lines: z.array(z.object({ toolId: z.number().int(), quantity: z.number().int() })),
  updatedAt: z.string(),
});
export type SavedList = z.infer<typeof listSchema>;

/** `GET /api/lists`: the signed-in buyer's lists, the last changed first (at most MAX_LISTS_PER_USER, so no paging). */
export const myListsSchema = z.object({ items: z.array(listSchema) });
export type MyLists = z.infer<typeof myListsSchema>;

/** The message for a name the buyer has given another of their lists. */
export const listNameTaken = (name: string): string => `You already have a list named "${name}"`;
export const tooManyLists = `You keep ${MAX_LISTS_PER_USER} lists at most: delete one to save another`;
