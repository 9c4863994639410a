import { z } from 'zod';
import { messages } from './messages.ts';
import { dayParam } from './days.ts';
import { idSchema, pageQuerySchema } from './ids.ts';
import { MAX_CART_LINES } from './cart-lines.ts';
import { aboveMaxPerOrderMessage, nearestOrderable, packSizeOf, soldInPacksMessage, type QuantityRules } from './pricing.ts';

/**
 * Orders: the purchase form and `POST /api/orders` share one schema; the quantity rule and the
 * order status rule (spec section 4) live here once, for the server to enforce and the web
 * app to draw.
 */

// ---------------------------------------------------------------------------------------------
// Status

export const orderStatuses = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export type OrderAction = 'pay' | 'cancel' | 'ship';

/** What one kind of viewer sees of an order in a given status, and may do with it. */
export interface StatusView {
  /** Text in the status column; null when the actions say it all (an unpaid order, to its buyer). */
  label: string | null;
  /** Whether the transaction id is shown beside the label. */
  showTransactionId: boolean;
  actions: readonly OrderAction[];
}

export interface StatusRule {
  /** The buyer's view (My Orders). */
  customer: StatusView;
  /** An admin's view (Manage All Orders). */
  admin: StatusView;
  /** Whether the order shows in the lists at all (a cancelled order leaves them: DESIGN.md 4). */
  listed: boolean;
}

/**
 * THE order status rule (spec section 4, "Order status"). The server allows an action only if
 * it is listed here for the actor; the web app draws exactly these labels and buttons.
 */
export const orderStatusRules: Readonly<Record<OrderStatus, StatusRule>> = {
  unpaid: {
    customer: { label: null, showTransactionId: false, actions: ['pay', 'cancel'] },
    admin: { label: 'Unpaid', showTransactionId: false, actions: ['cancel'] },
    listed: true,
  },
  paid: {
    customer: { label: 'Paid', showTransactionId: true, actions: [] },
    admin: { label: 'Pending', showTransactionId: true, actions: ['ship'] },
    listed: true,
  },
  shipped: {
    customer: { label: 'Shipped', showTransactionId: false, actions: [] },
    admin: { label: 'Shipped', showTransactionId: false, actions: [] },
    listed: true,
  },
  cancelled: {
    customer: { label: 'Cancelled', showTransactionId: false, actions: [] },
    admin: { label: 'Cancelled', showTransactionId: false, actions: [] },
    listed: false,
  },
};

/** Statuses that show in My Orders and Manage All Orders. */
export const listedStatuses: readonly OrderStatus[] = orderStatuses.filter((s) => orderStatusRules[s].listed);

/** Who is asking about an order: its buyer, an admin, or both (an admin's own order). */
export interface OrderActor {
  isBuyer: boolean;
  isAdmin: boolean;
}

/** The actions `actor` may take on an order in `status`: the buyer's and the admin's, combined. */
export function allowedActions(status: OrderStatus, actor: OrderActor): OrderAction[] {
  const rule = orderStatusRules[status];
  const actions = new Set<OrderAction>();
  if (actor.isBuyer) for (const a of rule.customer.actions) actions.add(a);
  if (actor.isAdmin) for (const a of rule.admin.actions) actions.add(a);
  return [...actions];
}

export function canPerform(status: OrderStatus, actor: OrderActor, action: OrderAction): boolean {
  return allowedActions(status, actor).includes(action);
}

/** The spec's `paid` and `shipment` booleans, derived from the one status column (DESIGN.md 4). */
export function statusFlags(status: OrderStatus): { paid: boolean; shipment: boolean } {
  return { paid: status === 'paid' || status === 'shipped', shipment: status === 'shipped' };
}

// ---------------------------------------------------------------------------------------------
// Quantity

export const MAX_ORDER_QUANTITY = 10_000_000;
export const quantityNotWholeMessage = 'Quantity must be a whole number';

/** The spec's minimum and stock, and a tool's pack size and maximum per order (see pricing.ts). */
export type QuantityLimits = QuantityRules;

export type QuantityProblem =
  | { kind: 'not-whole'; message: string }
  | { kind: 'below-minimum'; message: string }
  | { kind: 'above-maximum'; message: string }
  | { kind: 'above-available'; message: string }
  | { kind: 'not-whole-packs'; message: string };

/**
 * THE quantity rule: a whole number, at least the minimum (spec section 5), at most the tool's
 * maximum per order, at most the stock (spec section 5), and a whole number of packs. The form
 * shows the message and disables Place Order; the server answers 400 below the minimum, 409
 * OUT_OF_STOCK above the stock and 409 QUANTITY_NOT_ALLOWED for the maximum and the packs.
 */
export function checkQuantity(quantity: number, limits: QuantityLimits): QuantityProblem | null {
  if (!Number.isInteger(quantity)) return { kind: 'not-whole', message: quantityNotWholeMessage };
  if (quantity < limits.minimum) return { kind: 'below-minimum', message: messages.quantityBelowMinimum };
  if (typeof limits.maxPerOrder === 'number' && quantity > limits.maxPerOrder) {
    return { kind: 'above-maximum', message: aboveMaxPerOrderMessage(limits.maxPerOrder) };
  }
  if (quantity > limits.available) return { kind: 'above-available', message: messages.quantityAboveAvailable };
  const pack = packSizeOf(limits);
  if (quantity % pack !== 0) return { kind: 'not-whole-packs', message: soldInPacksMessage(pack, nearestOrderable(quantity, limits)) };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Placing an order

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

export const phoneField = z
  .string()
  .trim()
  .min(1, 'Phone is Required')
  .max(30, 'Provide a valid phone number')
  .regex(PHONE_PATTERN, 'Provide a valid phone number')
  .refine((v) => (v.match(/\d/g) ?? []).length >= 6, 'Provide a valid phone number');

export const addressField = z.string().trim().min(1, 'Address is Required').max(500, 'Must be 500 characters or shorter');

export const quantityField = z
  .number({ error: 'Enter a quantity' })
  .int(quantityNotWholeMessage)
  .min(1, messages.quantityBelowMinimum)
  .max(MAX_ORDER_QUANTITY, messages.quantityAboveAvailable);

const toolIdField = z.number({ error: 'Choose a tool' }).int('Choose a tool').positive('Choose a tool').max(2_147_483_647, 'Choose a tool');

/** The spec's one-tool order: what the purchase form sends. */
export const placeOrderSchema = z.strictObject({
  toolId: toolIdField,
  quantity: quantityField,
  phone: phoneField,
  address: addressField,
});

/** The most lines one order may have. */
export const MAX_ORDER_LINES = MAX_CART_LINES;

/** The longest PO number an order keeps. */
export const MAX_PO_NUMBER_LENGTH = 40;

/** A PO number as typed in a form ('' for none). */
export const poNumberText = z
  .string({ error: 'PO number must be text' })
  .trim()
  .max(MAX_PO_NUMBER_LENGTH, `PO number must be ${MAX_PO_NUMBER_LENGTH} characters or shorter`);

/** The buyer's own purchase-order reference, shown wherever the order is (none: null). */
export const poNumberField = poNumberText.transform((v) => (v === '' ? null : v));

/**
 * The unit price the buyer was shown for a line (its tier's, in cents), when the client sends it:
 * the order is refused (409 PRICE_CHANGED, naming the line) unless the line is priced exactly
 * so when the stock is taken, so nobody is charged a price they did not see.
 */
export const expectedUnitPriceField = z
  .number({ error: 'expectedUnitPriceCents must be a whole number of cents' })
  .int('expectedUnitPriceCents must be a whole number of cents')
  .min(0, 'expectedUnitPriceCents must be a whole number of cents')
  .max(2_147_483_647, 'expectedUnitPriceCents must be a whole number of cents');

export const orderLineInputSchema = z.strictObject({
  toolId: toolIdField,
  quantity: quantityField,
  expectedUnitPriceCents: expectedUnitPriceField.optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/**
 * `POST /api/orders`: `{ lines: [{ toolId, quantity, expectedUnitPriceCents? }], phone, address,
 * poNumber? }` (1 to 100 lines, each tool once), or the spec's `{ toolId, quantity, phone,
 * address }` (and `expectedUnitPriceCents?`), a one-line order.
 * Buyer, names and prices come from the session and the tool rows, never the body. `single`
 * says the spec's form was used: its refusals then name `quantity`, not `lines.0.quantity`.
 */
export const placeOrderRequestSchema = z
  .strictObject({
    toolId: toolIdField.optional(),
    quantity: quantityField.optional(),
    /** The spec's form: the unit price its buyer was shown (as on a line). */
    expectedUnitPriceCents: expectedUnitPriceField.optional(),
    lines: z
      .array(orderLineInputSchema, { error: 'lines must be a list of { toolId, quantity }' })
      .min(1, 'An order has at least one line')
      .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`)
      .optional(),
    phone: phoneField,
    address: addressField,
    poNumber: poNumberField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lines !== undefined) {
      if (body.toolId !== undefined || body.quantity !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Send either lines or toolId and quantity, not both' });
      }
      if (body.expectedUnitPriceCents !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['expectedUnitPriceCents'], message: 'With lines, send expectedUnitPriceCents on each line' });
      }
      const seen = new Map<number, number>();
      body.lines.forEach((line, n) => {
        const first = seen.get(line.toolId);
        if (first === undefined) seen.set(line.toolId, n);
        else ctx.addIssue({ code: 'custom', path: ['lines', n, 'toolId'], message: `This tool is already on line ${first + 1}` });
      });
      return;
    }
    if (body.toolId === undefined) ctx.addIssue({ code: 'custom', path: ['toolId'], message: 'Choose a tool' });
    if (body.quantity === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter a quantity' });
  })
  .transform((body) => ({
    lines: body.lines ?? [{ toolId: body.toolId ?? 0, quantity: body.quantity ?? 0, expectedUnitPriceCents: body.expectedUnitPriceCents }],
    phone: body.phone,
    address: body.address,
    poNumber: body.poNumber ?? null,
    single: body.lines === undefined,
  }));
export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;
/** What a client sends to `POST /api/orders`. */
export type PlaceOrderBody = z.input<typeof placeOrderRequestSchema>;

/** The purchase form: the same fields but toolId (from the page), the buyer's PO number, plus the tool's quantity rule. */
export function purchaseFormSchema(limits: QuantityLimits) {
  // The PO number as typed ('' for none: the server reads it so, poNumberField).
  return placeOrderSchema
    .omit({ toolId: true })
    .extend({ poNumber: poNumberText.optional() })
    .superRefine((value, ctx) => {
      const problem = checkQuantity(value.quantity, limits);
      if (problem) ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem.message });
    });
}
export type PurchaseFormValues = z.infer<ReturnType<typeof purchaseFormSchema>>;

/**
 * The `Idempotency-Key` header of `POST /api/orders`: the same key again (same user) returns the
 * same order and takes stock once. The web app sends a fresh UUID per attempt.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 128 characters')
  .max(128, 'Idempotency-Key must be 8 to 128 characters')
  .regex(/^[\w:.-]+$/, 'Idempotency-Key may hold letters, digits, _ : . and - only');

// ---------------------------------------------------------------------------------------------
// Answers

/** One line of an order: a tool, as it was when ordered, its quantity and its tier's unit price. */
export const orderLineSchema = z.object({
  toolId: z.number().int(),
  /** The tool's name when ordered (kept if the tool is renamed or deleted). */
  tool: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order as the API answers it (spec's Order entity, with money in cents). For a one-line
 * order `toolId`, `tool`, `quantity` and `unitPriceCents` are its line's, as the spec has them;
 * for more lines, the first line's tool, a summary ("Cordless Drill 18V and 4 more"), all the
 * pieces, and no single unit price (null). `lines` has every line; `totalCents` is what it costs.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  toolId: z.number().int(),
  tool: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int().nullable(),
  totalCents: z.number().int(),
  lines: z.array(orderLineSchema),
  /** The buyer's purchase-order reference, if they gave one. */
  poNumber: z.string().nullable(),
  /** What happened to it, oldest first (GET /api/orders/:id only): who did it and a word on it (a transaction id, why the store cancelled it). */
  history: z
    .array(
      z.object({
        kind: z.enum(['placed', 'paid', 'shipped', 'cancelled']),
        at: z.string(),
        by: z.enum(['buyer', 'admin', 'store']),
        note: z.string().nullable(),
      }),
    )
    .optional(),
  /**
   * Who cancelled it and when (the lists, a cancelled order only): its buyer, an admin, or the
   * store (not paid in time, the account removed, a tool taken out of the catalog: `note` says).
   */
  cancellation: z
    .object({ at: z.string(), by: z.enum(['buyer', 'admin', 'store']), note: z.string().nullable() })
    .nullable()
    .optional(),
  /** INV-2026-000001 once paid (its PDF: GET /api/orders/:id/invoice.pdf); null before. */
  invoiceNumber: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  /** The buyer's email. */
  buyer: z.string(),
  buyerName: z.string(),
  /** The buyer's company and tax / VAT number as their business profile had them when the order was placed (null: none). */
  buyerCompany: z.string().nullable(),
  buyerTaxId: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  status: orderStatusSchema,
  paid: z.boolean(),
  shipment: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** When an unpaid order is cancelled if nobody pays it (null once paid or cancelled, or when expiry is off). */
  expiresAt: z.string().nullable(),
  /** Who carries a shipped order and its tracking number, when the admin gave them (null otherwise). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /**
   * A paid order's refund (decision 025), its whole total: `pending` while the payment gateway
   * is being asked (the order cannot ship meanwhile; the admin's Refund again finishes it), then
   * `refunded`, the order cancelled and its stock back. null for an order never refunded.
   */
  refund: z
    .object({
      state: z.enum(['pending', 'refunded']),
      amountCents: z.number().int(),
      requestedAt: z.string(),
      refundedAt: z.string().nullable(),
      /** The gateway's refund id (re_...), once made. */
      reference: z.string().nullable(),
      /** CN-2026-000001, once made: the credit note that cancels the invoice (its PDF: GET /api/orders/:id/credit-note.pdf). */
      creditNoteNumber: z.string().nullable(),
      /** Why, as the admin who asked for it told the buyer (null: not said). */
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Whether an admin may refund the order: paid, not shipped (decision 025). A refund left pending is finished the same way. */
export function isRefundable(order: Pick<Order, 'status'>): boolean {
  return order.status === 'paid';
}

// (My Orders' query, which takes the same search and filters, follows orderFiltersShape below.)

// ---------------------------------------------------------------------------------------------
// Finding orders (Manage All Orders and its CSV export)

/** Longest search text Manage All Orders takes (characters). */
export const MAX_ORDER_SEARCH_LENGTH = 200;

/** Whether `text` holds no control character (U+0000 to U+001F, U+007F): a search box never sends one. */
export function hasNoControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * The filters of Manage All Orders (`GET /api/orders`) and of its export (`GET /api/orders/export.csv`):
 * - `q`: an order number (`1042` or `#1042`, exact), a whole email address (that buyer's orders),
 *   or text found in the PO number, the buyer's
 *   email, name or company, or the name or SKU of a tool on one of the order's lines (case aside);
 * - `status`: one status (without it, every status but cancelled, as the lists show);
 * - `toolId`: orders with a line of this tool;
 * - `from`, `to`: placed on these days or between them (YYYY-MM-DD, UTC; `to` counts its whole day).
 */
export const orderFiltersShape = {
  q: z
    .string({ error: 'Search text must be text' })
    .max(MAX_ORDER_SEARCH_LENGTH, `Search text must be ${MAX_ORDER_SEARCH_LENGTH} characters or shorter`)
    .refine(hasNoControlCharacters, 'Search text must not hold control characters (tabs, line breaks)')
    .transform((v) => v.trim() || undefined)
    .optional(),
  status: z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` }).optional(),
  toolId: idSchema.optional(),
  from: dayParam('from').optional(),
  to: dayParam('to').optional(),
};

function fromNotAfterTo(filters: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
  }
}

/** `GET /api/orders/export.csv` (admin): the filters of Manage All Orders, every page of them. */
export const orderFiltersSchema = z.strictObject(orderFiltersShape).superRefine(fromNotAfterTo);
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** `GET /api/orders` (admin): every listed order newest first, or those the filters find, a page at a time. */
export const allOrdersQuerySchema = pageQuerySchema.extend(orderFiltersShape).superRefine(fromNotAfterTo);
export type AllOrdersQuery = z.infer<typeof allOrdersQuerySchema>;

/**
 * My Orders (`GET /api/orders/mine`) and its export (`GET /api/orders/mine/export.csv`): the
 * buyer's listed orders newest first, found by the filters of Manage All Orders (`q` searches
 * their order numbers, PO numbers and their lines' tools and SKUs); with `includeCancelled=true`
 * ("Show cancelled") and no `status`, their cancelled orders too, each saying who cancelled it and when.
 */
const myOrderFiltersShape = {
  ...orderFiltersShape,
  includeCancelled: z
    .enum(['true', 'false'], { error: 'includeCancelled must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
};
export const myOrdersQuerySchema = pageQuerySchema.extend(myOrderFiltersShape).superRefine(fromNotAfterTo);
export type MyOrdersQuery = z.infer<typeof myOrdersQuerySchema>;
export const myOrdersExportQuerySchema = z.strictObject(myOrderFiltersShape).superRefine(fromNotAfterTo);
export type MyOrderFilters = z.infer<typeof myOrdersExportQuerySchema>;

/** The columns of the orders export, in order: one row per order line. */
export const orderExportColumns = [
  'Order number',
  'Placed at (UTC)',
  'Paid at (UTC)',
  'Shipped at (UTC)',
  'Cancelled at (UTC)',
  'Status',
  'Buyer name',
  'Buyer email',
  'PO number',
  'Line',
  'SKU',
  'Tool',
  'Quantity',
  'Unit price',
  'Line total',
  'Order total',
  'Transaction id',
  'Invoice number',
  // Added later, at the end: a sheet or macro reading the columns above by position still works.
  'Buyer company',
  'Tax / VAT number',
  'Phone',
  'Ship to',
  'Carrier',
  'Tracking number',
  'Refunded at (UTC)',
  'Refund id',
  'Credit note number',
] as const;

// ---------------------------------------------------------------------------------------------
// Shipping (Manage All Orders' Shipment dialog)

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 64;
const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/;

/** An optional line of text: trimmed, empty or null meaning none. */
function optionalLine(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or shorter`)
    .refine(hasNoControlCharacters, `${label} must be one line of text`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
}

/**
 * `POST /api/orders/:id/ship` (admin): `{ carrier?, trackingNumber? }`, both optional (an empty
 * body ships without them). The dialog's form uses the same schema.
 */
export const shipOrderBodySchema = z.strictObject({
  carrier: optionalLine('Carrier', MAX_CARRIER_LENGTH),
  trackingNumber: optionalLine('Tracking number', MAX_TRACKING_NUMBER_LENGTH).refine(
    (v) => v === null || TRACKING_NUMBER_PATTERN.test(v),
    'Tracking number may hold letters, digits, spaces and . / _ - only',
  ),
});
export type ShipOrderInput = z.output<typeof shipOrderBodySchema>;
export type ShipOrderBody = z.input<typeof shipOrderBodySchema>;

/** A PO number as a label: "PO 4471", and "PO-4471" as it is (not "PO PO-4471"). */
export const poLabel = (poNumber: string): string => (/^p\.?o\b/i.test(poNumber) ? poNumber : `PO ${poNumber}`);

// ---------------------------------------------------------------------------------------------
// Cancelling (the cancel dialog)

export const MAX_CANCEL_REASON_LENGTH = 200;

/**
 * `DELETE /api/orders/:id`: no body (the spec's cancel), or `{ reason? }`, why it was cancelled
 * (an admin's word to the buyer: "Out of stock until March"), kept in the order's history and
 * told in the cancelled email. The dialog's form uses the same schema, and so does a refund's
 * (`POST /api/orders/:id/refund`), which cancels the order too.
 */
export const cancelOrderBodySchema = z.strictObject({ reason: optionalLine('Reason', MAX_CANCEL_REASON_LENGTH) });
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;

/**
 * A shipment in words, as the order's history and the order lists say it: "UPS, tracking
 * 1Z999AA10123456784" (null: neither was given).
 */
export function shipmentNote({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }): string | null {
  if (trackingNumber) return carrier ? `${carrier}, tracking ${trackingNumber}` : `Tracking ${trackingNumber}`;
  return carrier;
}

/** The tracking pages of the carriers most orders go by, the number at the end of each address. */
const TRACKING_PAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^ups\b/i, 'https://www.ups.com/track?tracknum='],
  [/^fed\s*ex\b/i, 'https://www.fedex.com/fedextrack/?trknbr='],
  [/^usps\b|^u\.s\. postal/i, 'https://tools.usps.com/go/TrackConfirmAction?tLabels='],
  [/^dhl\b/i, 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id='],
  [/^royal mail\b/i, 'https://www.royalmail.com/track-your-item#/tracking-results/'],
];

/**
 * Where the buyer follows a shipment: the carrier's own tracking page for the number, when the
 * carrier is one of the well-known ones ("UPS", "FedEx Ground", "DHL Express"...); else null
 * (the carrier and the number are still shown as text).
 */
export function trackingUrl({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = TRACKING_PAGES.find(([name]) => name.test(carrier.trim()))?.[1];
  // Typed as printed on the label ("1Z 999 AA1 0123 4567 84"): the carriers' pages take it without spaces.
  return page ? `${page}${encodeURIComponent(trackingNumber.replace(/\s+/g, ''))}` : null;
}

// ---------------------------------------------------------------------------------------------
// The same order again (the purchase page asks before placing it)

/** An unpaid order of the same tool and quantity placed this recently makes the purchase page ask first. */
export const DUPLICATE_ORDER_MINUTES = 10;

/** `GET /api/orders/mine/recent-unpaid?toolId=`: the buyer's unpaid one-tool orders of this tool, placed in the last DUPLICATE_ORDER_MINUTES. */
export const recentUnpaidQuerySchema = z.strictObject({ toolId: idSchema });
export type RecentUnpaidQuery = z.infer<typeof recentUnpaidQuerySchema>;

/** Of `orders`, the newest unpaid one of `toolId` in `quantity` (one line) placed less than DUPLICATE_ORDER_MINUTES before `now`. */
export function findDuplicateOrder(orders: readonly Order[], toolId: number, quantity: number, now: number): Order | undefined {
  const since = now - DUPLICATE_ORDER_MINUTES * 60_000;
  return orders
    .filter(
      (order) =>
        order.status === 'unpaid' &&
        order.lines.length === 1 &&
        order.lines[0]?.toolId === toolId &&
        order.lines[0]?.quantity === quantity &&
        Date.parse(order.createdAt) > since,
    )
    .sort((a, b) => b.id - a.id)[0];
}
