import { z } from 'zod';
import { MAX_ORDER_LINES, orderLineInputSchema } from './orders.ts';
import { MAX_QUICK_ORDER_LINES } from './cart-lines.ts';

export * from './cart-lines.ts';

/**
 * The cart: the lines a buyer is gathering for one order (at most MAX_ORDER_LINES, each tool
 * once). A signed-in buyer's lives on the server (`GET`/`PUT /api/cart`), a visitor's in the
 * browser until they log in. Prices and rules are never stored with it: the cart page reads
 * the tools and applies today's (pricing.ts).
 */
export const cartSchema = z.strictObject({
  lines: z
    .array(orderLineInputSchema, { error: 'lines must be a list of { toolId, quantity }' })
    .max(MAX_ORDER_LINES, `A cart has at most ${MAX_ORDER_LINES} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      lines.forEach((line, n) => {
        if (seen.has(line.toolId)) ctx.addIssue({ code: 'custom', path: [n, 'toolId'], message: 'This tool is already in the cart' });
        seen.add(line.toolId);
      });
    }),
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * `PUT /api/cart`: the lines, and the version of the cart they were made from (`GET`'s answer):
 * a cart changed since, on another device or in another tab, is not overwritten (409
 * CART_CHANGED; read it again and make the change on it). Without a version the cart is
 * replaced whatever it is (as the spec's clients do).
 */
export const cartUpdateSchema = cartSchema.extend({
  version: z
    .string({ error: 'version must be the cart version GET /api/cart answered' })
    .refine((v) => v === '' || isCartVersion(v), 'version must be the cart version GET /api/cart answered')
    .optional(),
});

/** A cart version: the moment it was saved, as `toISOString` writes it. */
function isCartVersion(text: string): boolean {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(text)) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** `GET`/`PUT /api/cart`'s answer: the lines and the cart's version ('' until it is first saved). */
export const cartAnswerSchema = z.object({ lines: cartSchema.shape.lines, version: z.string() });
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

/** `POST /api/tools/by-sku`: the live tools with these SKUs (any case), for quick order. */
export const skuLookupSchema = z.strictObject({
  skus: z
    .array(z.string().trim().min(1).max(40), { error: 'skus must be a list of SKUs' })
    .min(1, 'Send at least one SKU')
    .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} SKUs at a time`),
});

/**
 * `POST /api/tools/by-id`: the live tools of these ids, for the cart and Order again (one request
 * for every line; a line's tool missing from its `items` is no longer sold), and in its `gone` the
 * ones taken out of the catalog, by the name and SKU they were sold under.
 */
export const toolIdsLookupSchema = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'ids must be a list of tool ids' })
    .min(1, 'Send at least one tool id')
    .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} tool ids at a time`),
});

/** A tool taken out of the catalog, by the name and SKU it was sold under: what a cart or list line of it is called. */
export const goneToolSchema = z.object({ id: z.number().int(), name: z.string(), sku: z.string() });
export type GoneTool = z.infer<typeof goneToolSchema>;
