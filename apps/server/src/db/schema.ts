import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { OrderStatus } from '@toolsify/shared/orders';
import type { PaymentGatewayName } from '@toolsify/shared/payments';
import type { PriceBreak } from '@toolsify/shared/pricing';

/**
 * The database as Kysely sees it. Row types never leave the server: repositories map them
 * to the shared API types. Timestamps are ISO strings on the way in; on the way out SQLite
 * gives strings and PostgreSQL gives Dates, so read them through `toIso`.
 */
type Timestamp = string | Date;

export interface ToolTable {
  id: Generated<number>;
  name: string;
  sku: string;
  description: string;
  img: string;
  price_cents: number;
  available: number;
  minimum: number;
  /**
   * `[{ minQuantity, unitPriceCents }]`, rising by quantity: PostgreSQL answers it parsed
   * (jsonb), SQLite as JSON text; written as JSON text on both (see toTool).
   */
  price_breaks: ColumnType<string | PriceBreak[], string | undefined, string>;
  pack_size: ColumnType<number, number | undefined, number>;
  max_per_order: number | null;
  /** Stock at or under which the tool is low (the admin's Low stock view); null: never (migration 015). */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the catalog is browsed by ("Power tools"); null: none (migration 039). */
  category: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/**
 * PostgreSQL only (migration 030): the live tools in stock and their price, kept in step with
 * the tool table by triggers, so an in-stock price range is counted from its index alone.
 */
export interface ToolInStockTable {
  tool_id: number;
  price_cents: number;
}

/** Every change of a tool's stock that is not an order: the initial stock and restocks. */
export interface StockAdjustmentTable {
  id: Generated<number>;
  tool_id: number;
  delta: number;
  reason: 'initial' | 'restock' | 'correction';
  user_id: string | null;
  created_at: Timestamp;
  /** Where the move came from, when not a hand edit: "CSV import" (migration 038). */
  note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderTable {
  id: Generated<number>;
  user_id: string;
  tool_id: number;
  tool_name: string;
  unit_price_cents: number;
  quantity: number;
  buyer_email: string;
  buyer_name: string;
  phone: string;
  address: string;
  status: OrderStatus;
  transaction_id: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** What the order costs: the sum of its lines (what a payment takes). */
  total_cents: number;
  line_count: ColumnType<number, number | undefined, number>;
  /** The buyer's own purchase-order reference. */
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** INV-2026-000001: given when the order is paid (migration 012). */
  invoice_number: ColumnType<string | null, string | null | undefined, string | null>;
  invoiced_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** Who carries it and its tracking number, as the admin gave them when shipping it (migration 020). */
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's company and tax / VAT number from their profile when placing it, or null (migration 021). */
  buyer_company: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_tax_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A refund an admin asked for and the gateway has not answered yet: shipping is closed meanwhile (migration 041). */
  refund_requested_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  refund_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The gateway's refund of the order's whole total, and when it was recorded (the order then cancelled). */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** CN-2026-000001: the credit note of a refunded order's invoice, given with the refund (migration 042). */
  credit_note_number: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One change of an order, written with it (migration 013). */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  kind: 'placed' | 'paid' | 'shipped' | 'cancelled';
  at: Timestamp;
  actor: 'buyer' | 'admin' | 'store';
  actor_id: string | null;
  note: string | null;
}

export interface InvoiceCounterTable {
  year: number;
  last: number;
}

/** An invoice's PDF, kept as first rendered (a credit note's alike, in credit_note_pdf). */
export interface InvoicePdfTable {
  order_id: number;
  pdf: Buffer;
  created_at: Timestamp;
}

/** An email to send, written with the change that causes it (migration 014). */
export interface OutboxTable {
  id: Generated<number>;
  /** Random, set by the database: the message's Message-ID on every attempt. */
  token: Generated<string>;
  kind: string;
  recipient: string;
  order_id: number | null;
  /** JSON text: what the email needs beyond its order. */
  payload: ColumnType<string, string | undefined, string>;
  dedupe_key: string | null;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: Timestamp | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

/** One admin action, as it happened (migration 018): only ever inserted. */
export interface AuditEventTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  /** JSON text: `{ before, after }`, the changed fields only. */
  changes: string;
}

/** "Email me when it is back": a buyer waiting for an out-of-stock tool (migration 020), deleted once emailed. */
export interface StockAlertTable {
  id: Generated<number>;
  tool_id: number;
  user_id: string;
  created_at: Timestamp;
}

/** A buyer's saved list: its lines as JSON text, as the cart's (see migration 035). */
export interface SavedListTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** The name in lower case: unique per buyer. */
  name_key: string;
  lines: string;
  updated_at: Timestamp;
}

/** A buyer's ship-to address under a label of theirs (migration 040). */
export interface ShipToAddressTable {
  id: Generated<number>;
  user_id: string;
  label: string;
  /** The label in lower case: unique per buyer. */
  label_key: string;
  phone: string;
  address: string;
  updated_at: Timestamp;
}

/** A tool the admins were emailed about as low on stock, until it is above its threshold again (migration 037). */
export interface LowStockNoticeTable {
  tool_id: number;
  noticed_at: Timestamp;
}

/** A signed-in buyer's cart: its lines as JSON text (see migration 011). */
export interface CartTable {
  user_id: string;
  lines: string;
  updated_at: Timestamp;
}

/** One tool of an order, as it was when ordered (see migration 010). */
export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  /** 0, 1, ...: the order the buyer listed the lines in. */
  line_no: number;
  tool_id: number;
  tool_name: string;
  sku: string;
  quantity: number;
  unit_price_cents: number;
}

export type PaymentIntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentIntentTable {
  /** The gateway's id: pi_sandbox_... or Stripe's pi_... */
  id: string;
  order_id: number;
  gateway: PaymentGatewayName;
  amount_cents: number;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Webhook events already applied (de-duplication by event id). */
export interface PaymentEventTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

export interface ReviewTable {
  id: Generated<number>;
  user_id: string | null;
  name: string;
  email: string;
  rating: number;
  img: string;
  note: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  /** An admin hid it from the testimonials, and who (migration 022). */
  hidden_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProfileTable {
  user_id: string;
  phone: string;
  education: string;
  linkedin: string;
  address: string;
  /** Company name and tax / VAT number, '' until filled (migration 021). */
  company: ColumnType<string, string | undefined, string>;
  tax_id: ColumnType<string, string | undefined, string>;
  /** Where the buyer's invoices are emailed too (their accounts payable), '' when none (migration 044). */
  invoice_email: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

export interface ContactMessageTable {
  id: Generated<number>;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: Timestamp;
  /** When an admin marked it read in the Inbox, or null (migration 023). */
  read_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** better-auth's tables (camelCase columns are better-auth's own naming). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string | null;
  deletedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
}

/** better-auth's one-time values: email verification and reset tokens (`reset-password:<token>` -> user id). */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Addresses of removed accounts, hashed (migration 006): ADMIN_EMAILS never grants them again. */
export interface RemovedEmailTable {
  email_hash: string;
  removed_at: string;
}

/** Failed-attempt counters (migration 002): a fixed window per key, ending at reset_at (epoch ms). */
export interface AuthThrottleTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface Database {
  tool: ToolTable;
  tool_in_stock: ToolInStockTable;
  stock_adjustment: StockAdjustmentTable;
  orders: OrderTable;
  order_line: OrderLineTable;
  cart: CartTable;
  outbox: OutboxTable;
  stock_alert: StockAlertTable;
  saved_list: SavedListTable;
  ship_to_address: ShipToAddressTable;
  low_stock_notice: LowStockNoticeTable;
  audit_event: AuditEventTable;
  invoice_counter: InvoiceCounterTable;
  order_event: OrderEventTable;
  invoice_pdf: InvoicePdfTable;
  credit_note_pdf: InvoicePdfTable;
  credit_note_counter: InvoiceCounterTable;
  payment_intent: PaymentIntentTable;
  payment_event: PaymentEventTable;
  review: ReviewTable;
  profile: ProfileTable;
  contact_message: ContactMessageTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  removed_email: RemovedEmailTable;
  auth_throttle: AuthThrottleTable;
}

/** What a repository runs its statements on: the database, or a service's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export type ToolRow = Selectable<ToolTable>;
/**
 * The columns a tool's public answer (toTool) reads: what the catalog's pages select. The
 * upkeep columns (low-stock threshold, updated, deleted) are left unread there: each column
 * costs each row of a page, and PostgreSQL parses each timestamp into a date.
 */
export const PUBLIC_TOOL_COLUMNS = [
  'id',
  'name',
  'sku',
  'description',
  'img',
  'price_cents',
  'available',
  'minimum',
  'price_breaks',
  'pack_size',
  'max_per_order',
  'category',
  'created_at',
] as const satisfies ReadonlyArray<keyof ToolTable>;
export type PublicToolRow = Pick<ToolRow, (typeof PUBLIC_TOOL_COLUMNS)[number]>;

/**
 * A tool's columns, named: what every other read of a tool selects (PostgreSQL's generated
 * `search` column, which is not in ToolTable, is never read back).
 */
export const TOOL_COLUMNS = [...PUBLIC_TOOL_COLUMNS, 'low_stock_threshold', 'updated_at', 'deleted_at'] as const satisfies ReadonlyArray<
  keyof ToolTable
>;
export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderEventRow = Selectable<OrderEventTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type AuditEventRow = Selectable<AuditEventTable>;
export type ReviewRow = Selectable<ReviewTable>;

/** The form Date's toISOString writes, which SQLite keeps as written (every timestamp this app writes there). */
const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A timestamp as an ISO 8601 string. Text already in toISOString's form is that string (30 ns,
 * against 700 ns to parse it and write it again: 24 tools a catalog page); any other text (an
 * offset, a space for the T, no milliseconds) is read as a date and written in that form.
 */
export function toIso(value: Timestamp): string {
  if (value instanceof Date) return value.toISOString();
  return ISO_FORM.test(value) ? value : new Date(value).toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * A row's next version (its `updated_at`) after `version`: now, or a millisecond after it, so
 * two saves never share one and a save made on the old version is always told apart.
 */
export function nextVersion(version: string | undefined): string {
  const now = nowIso();
  return version && now <= version ? new Date(Date.parse(version) + 1).toISOString() : now;
}
