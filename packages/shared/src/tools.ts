import { z } from 'zod';
import { messages } from './messages.ts';
import { pageQuerySchema } from './ids.ts';
import { dollarsToCents, formatCents, formatCount } from './money.ts';
import { MAX_CARD_PAYMENT_CENTS } from './payments.ts';
import { MAX_CATEGORY_LENGTH, MAX_SEARCH_LENGTH, toolSorts } from './search.ts';
import { MAX_PACK_SIZE, MAX_PRICE_BREAKS, pricingIssues, type PricingSettings } from './pricing.ts';

export { MAX_CATEGORY_LENGTH, MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, searchWords, toolSorts, type ToolSort } from './search.ts';

/** A tool as the API answers it. */
export const toolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The store's part number: unique without regard to case, stored as typed. */
  sku: z.string(),
  description: z.string(),
  img: z.string(),
  priceCents: z.number().int(),
  available: z.number().int(),
  minimum: z.number().int(),
  /** Lower unit prices from a quantity on, rising by quantity (see pricing.ts). */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() })),
  /** The quantity (and the minimum and maximum) is a multiple of it. */
  packSize: z.number().int(),
  /** At most this many in one order; null: up to the stock. */
  maxPerOrder: z.number().int().nullable(),
  /** What the catalog is browsed by ("Power tools"); null: none. */
  category: z.string().nullable(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

/** Text without its invisible format characters (zero-width spaces and joiners, direction marks, soft hyphens). */
export function withoutInvisible(text: string): string {
  return text.replace(/\p{Cf}/gu, '');
}

/**
 * A category as typed: in one Unicode form (an accent typed apart is the accented letter, so
 * "Sciés" is one category however it was typed), invisible characters left out, spaces trimmed
 * and runs of them made one; empty is none (null).
 */
export function normalizedCategory(value: string | null | undefined): string | null {
  const text = withoutInvisible((value ?? '').normalize('NFC'))
    .trim()
    .replace(/\s+/g, ' ');
  return text === '' ? null : text;
}

/** A tool's category in a form or an import: at most MAX_CATEGORY_LENGTH characters; empty or null is none. */
export const categoryField = z
  .string({ error: 'Category must be text' })
  .nullable()
  .transform(normalizedCategory)
  .refine((v) => v === null || v.length <= MAX_CATEGORY_LENGTH, `Category must be ${MAX_CATEGORY_LENGTH} characters or shorter`);

/**
 * Categories as the catalog already spells them: "power tools" typed for a store that has "Power
 * tools" is that one, so the catalog never lists one category twice. A new one is kept as typed,
 * and is how the speller spells it from then on (an import's later rows).
 */
export function categorySpeller(known: readonly string[]): (category: string | null) => string | null {
  const spelled = new Map(known.map((name) => [name.toLocaleLowerCase('en-US'), name]));
  return (category) => {
    if (category === null) return null;
    const key = category.toLocaleLowerCase('en-US');
    const stored = spelled.get(key);
    if (stored !== undefined) return stored;
    spelled.set(key, category);
    return category;
  };
}

/** `GET /api/tools/categories`: each category of the live tools and how many it holds, by name. */
export const toolCategoriesSchema = z.object({
  items: z.array(z.object({ name: z.string(), tools: z.number().int() })),
});
export type ToolCategories = z.infer<typeof toolCategoriesSchema>;

/** A category named by a request (the catalog's filter, a rename's path): any case, at most MAX_CATEGORY_LENGTH characters. */
const categoryName = z
  .string()
  .trim()
  .min(1, 'category cannot be empty')
  .max(MAX_CATEGORY_LENGTH, `category must be ${MAX_CATEGORY_LENGTH} characters or shorter`)
  .transform((name) => name.normalize('NFC'));

/** `PATCH` and `DELETE /api/tools/categories/:name`: the category, as the catalog lists it (any case). */
export const categoryParamsSchema = z.strictObject({ name: categoryName });

/**
 * `PATCH /api/tools/categories/:name`: its new name. A name the catalog already has (any case)
 * takes the tools in, so the two categories become one; empty or null takes them out of any.
 */
export const renameCategorySchema = z.strictObject({ name: categoryField });
export type RenameCategoryInput = z.infer<typeof renameCategorySchema>;

/** What a rename or a removal did: the tools' category now (null: none) and how many tools it moved. */
export const categoryChangeSchema = z.object({ name: z.string().nullable(), tools: z.number().int() });
export type CategoryChange = z.infer<typeof categoryChangeSchema>;

const priceFilter = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_CARD_PAYMENT_CENTS, `${label} must be ${MAX_CARD_PAYMENT_CENTS} cents or less`);

/**
 * `GET /api/tools`: the spec's newest-first page (`limit`, `cursor`), plus search words, an
 * in-stock filter, a price range in cents and a sort. The cursor is the `nextCursor` of the
 * page before, for the same query: a tool id for `newest`, an opaque string for the others.
 */
/** Search words as typed (`q`): trimmed, at most MAX_SEARCH_LENGTH characters. */
const searchTextField = z
  .string()
  .max(MAX_SEARCH_LENGTH, `Search text must be ${MAX_SEARCH_LENGTH} characters or shorter`)
  .transform((v) => v.trim());

export const toolListQuerySchema = z
  .strictObject({
    limit: pageQuerySchema.shape.limit,
    cursor: z.string().trim().min(1).max(300, 'cursor is not valid').optional(),
    q: searchTextField.optional(),
    inStock: z.enum(['true', 'false'], { error: 'inStock must be true or false' }).optional(),
    minPrice: priceFilter('minPrice').optional(),
    maxPrice: priceFilter('maxPrice').optional(),
    category: categoryName.optional(),
    sort: z.enum(toolSorts, { error: `sort must be one of ${toolSorts.join(', ')}` }).optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'maxPrice must be at least minPrice',
    path: ['maxPrice'],
  });
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** The most matches the catalog counts: past it, `total` says "at least this many". */
export const MAX_COUNTED_TOOLS = 1_000;

/**
 * A page of the catalog. The first page (no cursor) also says how many tools match: `total`,
 * exact up to MAX_COUNTED_TOOLS; above, `total` is that number and `totalIsLowerBound` is true.
 */
export const toolPageSchema = z.object({
  items: z.array(toolSchema),
  nextCursor: z.union([z.number().int(), z.string()]).nullable(),
  total: z.number().int().optional(),
  totalIsLowerBound: z.boolean().optional(),
  /** A search's first page that found nothing: a search that finds something ("Did you mean drill?"). */
  suggestion: z.string().optional(),
  /**
   * The suggestion finds something only with the category left out (a part number searched in
   * the wrong category): following it searches every category.
   */
  suggestionInAllCategories: z.literal(true).optional(),
  /**
   * A first page that found nothing in its category: how many tools the same search and filters
   * find in every category (at most MAX_COUNTED_TOOLS; absent when none).
   */
  inAllCategories: z.number().int().optional(),
});
export type ToolPage = z.infer<typeof toolPageSchema>;

/** A part number: 2 to 40 letters, digits, `-`, `_` and `.`; unique without regard to case. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]{2,40}$/;
export const skuField = z
  .string({ error: 'SKU is Required' })
  .trim()
  .min(1, 'SKU is Required')
  .min(2, 'SKU must be 2 to 40 characters')
  .max(40, 'SKU must be 2 to 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'SKU can have letters, digits, -, _ and . only');
export const skuTaken = 'This SKU is already used by another tool.';

/** Largest stock or minimum a tool may have (pieces). */
export const MAX_STOCK = 10_000_000;
/** Largest unit price: what one card payment can take ($999,999.99), so one piece can always be paid. */
export const MAX_PRICE_CENTS = MAX_CARD_PAYMENT_CENTS;
export const priceTooHigh = `Price must be ${formatCents(MAX_PRICE_CENTS)} or less`;

/** Uploaded images: what `POST /api/uploads` accepts. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const imageUploadSchema = z.object({ url: z.string() });
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** An image is a path we serve (/images/..., /uploads/...) or an https URL. */
export const imageRefSchema = z
  .string({ error: 'Image is Required' })
  .trim()
  .min(1, 'Image is Required')
  .max(2048, 'Must be 2048 characters or shorter')
  .refine((v) => /^\/(images|uploads)\/[\w-]+(\/[\w-]+)*\.[a-z0-9]+$/i.test(v) || /^https:\/\/[^\s"'<>\\]+$/.test(v), {
    message: 'Image must be an uploaded file or an https:// URL',
  });

const nameField = z
  .string({ error: 'Name is Required' })
  .trim()
  .min(1, 'Name is Required')
  // Only invisible characters (a zero-width space) is no name either.
  .refine((name) => withoutInvisible(name).trim() !== '', 'Name is Required')
  .max(120, 'Must be 120 characters or shorter');

const descriptionField = z
  .string({ error: 'Description is Required' })
  .trim()
  .min(1, 'Description is Required')
  .max(2000, 'Must be 2000 characters or shorter');

/** A whole number of pieces, at least 1; `message` is the spec's text for a bad value. */
const quantityField = (message: string) =>
  z
    .number({ error: message })
    .int('Must be a whole number')
    .min(1, message)
    .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`);

const priceCentsField = z
  .number({ error: 'Price is Required' })
  .int('Price must be whole cents')
  .min(0, 'Price cannot be negative')
  .max(MAX_PRICE_CENTS, priceTooHigh);

/** The price as typed in a form: dollars with at most two decimals. */
const priceDollarsField = z
  .number({ error: 'Price is Required' })
  .min(0, 'Price cannot be negative')
  .max(MAX_PRICE_CENTS / 100, priceTooHigh)
  .multipleOf(0.01, 'Price can have at most 2 decimals (cents)');

const priceBreakQuantity = z
  .number({ error: 'Quantity is Required' })
  .int('Must be a whole number')
  .min(2, 'A price break must start at 2 pieces or more')
  .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`);

const tooManyBreaks = `At most ${MAX_PRICE_BREAKS} price breaks`;

/** `priceBreaks` in the API: unit prices in cents. */
const priceBreaksField = z
  .array(
    z.strictObject({
      minQuantity: priceBreakQuantity,
      unitPriceCents: priceCentsField.min(1, 'A price break costs at least 1 cent'),
    }),
    { error: 'Price breaks must be a list' },
  )
  .max(MAX_PRICE_BREAKS, tooManyBreaks);

/** Price breaks as the forms hold them: unit prices in dollars. */
const priceBreakRowsField = z
  .array(z.object({ minQuantity: priceBreakQuantity, unitPrice: priceDollarsField.min(0.01, 'A price break costs at least $0.01') }))
  .max(MAX_PRICE_BREAKS, tooManyBreaks);

const packSizeField = z
  .number({ error: 'Pack size is Required' })
  .int('Must be a whole number')
  .min(1, 'Pack size must be at least 1')
  .max(MAX_PACK_SIZE, `Pack size must be ${formatCount(MAX_PACK_SIZE)} or less`);

const maxPerOrderField = z
  .number({ error: 'Maximum per order must be a number' })
  .int('Must be a whole number')
  .min(1, 'Maximum per order must be at least 1')
  .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`)
  .nullable();

/** Stock at or under which a tool is low (the admin's Low stock view); null: no alert. */
const lowStockThresholdField = z
  .number({ error: 'Low-stock alert must be a number of pieces' })
  .int('Must be a whole number')
  .min(0, 'Low-stock alert cannot be negative')
  .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`)
  .nullable();

const PRICING_FIELDS = new Set<PropertyKey>(['priceCents', 'price', 'minimum', 'packSize', 'maxPerOrder', 'priceBreaks']);

/**
 * The pricing rule of a whole tool (pricingIssues), reported on its fields: a check for
 * `superRefine`. It runs as soon as the pricing fields themselves are valid, even while other
 * fields are still empty, so the forms show it live.
 */
function pricingRule<T>(settingsOf: (value: T) => PricingSettings, inDollars = false) {
  // The forms name the prices in dollars: price, priceBreaks.N.unitPrice.
  const fieldOf = (part: string | number) => (inDollars && part === 'unitPriceCents' ? 'unitPrice' : part);
  return [
    (value: T, ctx: z.RefinementCtx<T>) => {
      for (const issue of pricingIssues(settingsOf(value))) {
        ctx.addIssue({ code: 'custom', path: issue.path.map(fieldOf), message: issue.message });
      }
    },
    {
      when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] | undefined }> }) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => (issue.path?.length ?? 0) === 0 || PRICING_FIELDS.has(issue.path?.[0] ?? '')),
    },
  ] as const;
}

const breaksInCents = (rows: ReadonlyArray<{ minQuantity: number; unitPrice: number }>) =>
  rows.map((row) => ({ minQuantity: row.minQuantity, unitPriceCents: dollarsToCents(row.unitPrice) }));

/** A form's pricing fields (price in dollars) as the rule reads them. */
interface PricingFormValues {
  price: number;
  minimum: number;
  packSize: number;
  maxPerOrder: number | null;
  priceBreaks: ReadonlyArray<{ minQuantity: number; unitPrice: number }>;
}
const formPricing = (form: PricingFormValues): PricingSettings => ({
  priceCents: dollarsToCents(form.price),
  minimum: form.minimum,
  packSize: form.packSize,
  maxPerOrder: form.maxPerOrder,
  priceBreaks: breaksInCents(form.priceBreaks),
});

type Stock = { available: number; minimum: number };

/**
 * The spec's rule "Minimum must not exceed available". It runs as soon as both quantities
 * are valid numbers, even while other fields are still empty, so the form shows it live.
 */
const minimumWithinAvailable = {
  message: messages.minimumAboveAvailable,
  path: ['minimum'],
  when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] | undefined }> }) => {
    const value = payload.value as Partial<Stock> | null;
    return (
      typeof value === 'object' &&
      value !== null &&
      Number.isInteger(value.available) &&
      Number.isInteger(value.minimum) &&
      !payload.issues.some((issue) => (issue.path?.length ?? 0) === 0 || issue.path?.[0] === 'available' || issue.path?.[0] === 'minimum')
    );
  },
};
const stockIsConsistent = (t: Stock) => t.minimum <= t.available;

/** `POST /api/tools`: the Add a Product form's data, with the price in cents. */
export const createToolSchema = z
  .strictObject({
    name: nameField,
    sku: skuField,
    description: descriptionField,
    img: imageRefSchema,
    available: quantityField(messages.availableAtLeastOne),
    minimum: quantityField(messages.minimumAtLeastOne),
    priceCents: priceCentsField,
    priceBreaks: priceBreaksField.default([]),
    packSize: packSizeField.default(1),
    maxPerOrder: maxPerOrderField.default(null),
    lowStockThreshold: lowStockThresholdField.default(null),
    category: categoryField.default(null),
  })
  .refine(stockIsConsistent, minimumWithinAvailable)
  .superRefine(...pricingRule((tool: PricingSettings) => tool));
export type CreateToolInput = z.infer<typeof createToolSchema>;

/**
 * The Add a Product form: the same fields and rules as `createToolSchema`, with the price in
 * dollars as the admin types it; its output is the API's input (price in cents).
 */
export const productFormSchema = z
  .object({
    name: nameField,
    sku: skuField,
    description: descriptionField,
    img: imageRefSchema,
    available: quantityField(messages.availableAtLeastOne),
    minimum: quantityField(messages.minimumAtLeastOne),
    price: priceDollarsField,
    priceBreaks: priceBreakRowsField,
    packSize: packSizeField,
    maxPerOrder: maxPerOrderField,
    // Empty in the form: no alert.
    lowStockThreshold: lowStockThresholdField.default(null),
    category: categoryField.default(null),
  })
  .refine(stockIsConsistent, minimumWithinAvailable)
  .superRefine(...pricingRule(formPricing, true))
  .transform(({ price, priceBreaks, ...tool }): CreateToolInput => ({
    ...tool,
    priceCents: dollarsToCents(price),
    priceBreaks: breaksInCents(priceBreaks),
  }));
export type ProductFormValues = z.input<typeof productFormSchema>;

export const stockReasons = ['restock', 'correction'] as const;

/**
 * A change of stock, relative to whatever the stock is when it is applied, so orders placed
 * meanwhile are never lost. A restock adds; a correction adds or removes.
 */
export const stockChangeSchema = z
  .strictObject({
    delta: z
      .number({ error: 'Stock change must be a number' })
      .int('Must be a whole number')
      .min(-MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`)
      .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`)
      .refine((d) => d !== 0, 'Stock change cannot be 0'),
    reason: z.enum(stockReasons, { error: 'Reason must be restock or correction' }),
  })
  .refine((s) => s.reason !== 'restock' || s.delta > 0, {
    message: 'A restock adds stock: use a positive number, or choose correction',
    path: ['delta'],
  });

/**
 * `PATCH /api/tools/:id`: everything an admin set (name, SKU, description, image, price,
 * minimum, bulk pricing) and a stock change; the same rules as Add a Product apply.
 */
export const updateToolSchema = z
  .strictObject({
    name: nameField.optional(),
    sku: skuField.optional(),
    description: descriptionField.optional(),
    img: imageRefSchema.optional(),
    priceCents: priceCentsField.optional(),
    minimum: quantityField(messages.minimumAtLeastOne).optional(),
    priceBreaks: priceBreaksField.optional(),
    packSize: packSizeField.optional(),
    maxPerOrder: maxPerOrderField.optional(),
    lowStockThreshold: lowStockThresholdField.optional(),
    category: categoryField.optional(),
    stock: stockChangeSchema.optional(),
  })
  .refine((t) => Object.values(t).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateToolInput = z.infer<typeof updateToolSchema>;

/**
 * A tool's pricing after an update: what the update sets, the rest as it is. The server checks
 * it with pricingIssues, as a whole, before it saves.
 */
export function pricingAfter(current: PricingSettings, update: UpdateToolInput): PricingSettings {
  return {
    priceCents: update.priceCents ?? current.priceCents,
    minimum: update.minimum ?? current.minimum,
    packSize: update.packSize ?? current.packSize,
    maxPerOrder: update.maxPerOrder === undefined ? current.maxPerOrder : update.maxPerOrder,
    priceBreaks: update.priceBreaks ?? current.priceBreaks,
  };
}

/**
 * The Edit form of Manage Products: price in dollars, a stock change that may be left at 0
 * (no change). Its output is `PATCH /api/tools/:id`'s body.
 */
export const editToolFormSchema = z
  .object({
    name: nameField,
    sku: skuField,
    description: descriptionField,
    img: imageRefSchema,
    price: priceDollarsField,
    minimum: quantityField(messages.minimumAtLeastOne),
    priceBreaks: priceBreakRowsField,
    packSize: packSizeField,
    maxPerOrder: maxPerOrderField,
    // Left out: the alert stays as it is.
    lowStockThreshold: lowStockThresholdField.optional(),
    category: categoryField.optional(),
    stockDelta: z
      .number({ error: 'Stock change must be a number' })
      .int('Must be a whole number')
      .min(-MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`)
      .max(MAX_STOCK, `Must be ${formatCount(MAX_STOCK)} or less`),
    stockReason: z.enum(stockReasons),
  })
  .refine((f) => f.stockReason !== 'restock' || f.stockDelta >= 0, {
    message: 'A restock adds stock: use a positive number, or choose correction',
    path: ['stockDelta'],
  })
  .superRefine(...pricingRule(formPricing, true))
  .transform(({ price, priceBreaks, stockDelta, stockReason, ...fields }): UpdateToolInput => ({
    ...fields,
    priceCents: dollarsToCents(price),
    priceBreaks: breaksInCents(priceBreaks),
    ...(stockDelta !== 0 ? { stock: { delta: stockDelta, reason: stockReason } } : {}),
  }));
export type EditToolFormValues = z.input<typeof editToolFormSchema>;

/**
 * A tool as Manage Products sees it (admin only): the catalog's fields and its low-stock
 * threshold, which the public catalog does not show.
 */
export const managedToolSchema = toolSchema.extend({ lowStockThreshold: z.number().int().nullable() });
export type ManagedTool = z.infer<typeof managedToolSchema>;

/** Whether a tool is low: a threshold is set and the stock is at or under it. */
export function isLowStock(tool: Pick<ManagedTool, 'available' | 'lowStockThreshold'>): boolean {
  return tool.lowStockThreshold !== null && tool.available <= tool.lowStockThreshold;
}

/**
 * `GET /api/tools/manage` (admin): every live tool newest first (the cursor: the last id), or
 * with `lowStock=true` those at or under their threshold, the emptiest first (the cursor: an
 * opaque string). Each page says how many tools are low.
 */
/**
 * `GET /api/tools/manage`: every live tool newest first, the Low stock view (`lowStock=true`), or
 * the tools found by search words (`q`: name, SKU or description, as the catalog finds them,
 * best match first). A search is of every live tool, not of the Low stock view.
 */
export const managedToolsQuerySchema = z
  .strictObject({
    limit: pageQuerySchema.shape.limit,
    cursor: z.string().trim().min(1).max(300, 'cursor is not valid').optional(),
    lowStock: z.enum(['true', 'false'], { error: 'lowStock must be true or false' }).optional(),
    q: searchTextField.optional(),
    category: categoryName.optional(),
  })
  .refine((f) => !(f.q && f.lowStock === 'true'), {
    message: 'q searches every product: leave out lowStock=true',
    path: ['q'],
  });
export type ManagedToolsQuery = z.infer<typeof managedToolsQuerySchema>;

export const managedToolPageSchema = z.object({
  items: z.array(managedToolSchema),
  nextCursor: z.union([z.number().int(), z.string()]).nullable(),
  /** How many live tools are at or under their threshold now. */
  lowStockCount: z.number().int(),
  /** A search's first page: how many tools match, as the catalog's `total` and `totalIsLowerBound`. */
  total: z.number().int().optional(),
  totalIsLowerBound: z.boolean().optional(),
  /** A search that found nothing: the catalog's `suggestion`, `suggestionInAllCategories` and `inAllCategories`. */
  suggestion: z.string().optional(),
  suggestionInAllCategories: z.literal(true).optional(),
  inAllCategories: z.number().int().optional(),
});
export type ManagedToolPage = z.infer<typeof managedToolPageSchema>;
