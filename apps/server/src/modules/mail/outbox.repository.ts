import { sql } from 'kysely';
import { builtOnce } from '../../db/built-once.ts';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, type Db, type OrderEventRow, type OrderRow, type OutboxRow } from '../../db/schema.ts';

/**
 * Every email the store sends, by what it is about. The order emails are rendered when sent,
 * from the order (its lines and totals never change) and the row's payload.
 */
export type MailKind =
  | 'verify_email'
  | 'reset_password'
  | 'order_placed'
  | 'order_paid'
  | 'order_shipped'
  | 'order_cancelled'
  | 'order_paid_admin'
  | 'refund_failed_admin'
  | 'refund_refused_admin'
  | 'invoice_copy'
  | 'back_in_stock'
  | 'contact_message_admin'
  | 'low_stock_admin';

/** The buyer's email for each change of an order. */
export const ORDER_MAIL_KINDS = {
  placed: 'order_placed',
  paid: 'order_paid',
  shipped: 'order_shipped',
  cancelled: 'order_cancelled',
} as const satisfies Record<OrderEventRow['kind'], MailKind>;

export interface NewMail {
  kind: MailKind;
  recipient: string;
  orderId?: number;
  payload?: Record<string, unknown>;
  /** At most one row per key: `order_placed:42`. */
  dedupeKey?: string;
}

const insertMail = builtOnce(
  (db, v: { kind: MailKind; recipient: string; orderId: number | null; payload: string; dedupeKey: string | null; now: string }) =>
    db.insertInto('outbox').values({
      kind: v.kind,
      recipient: v.recipient,
      order_id: v.orderId,
      payload: v.payload,
      dedupe_key: v.dedupeKey,
      created_at: v.now,
      next_attempt_at: v.now,
    }),
);

/** Writes an email to the outbox, in the caller's transaction when there is one. */
export async function enqueueMail(db: Db, mail: NewMail): Promise<void> {
  await insertMail(db, outboxValues(mail));
}

function outboxValues(mail: NewMail) {
  return {
    kind: mail.kind,
    recipient: mail.recipient,
    orderId: mail.orderId ?? null,
    payload: JSON.stringify(mail.payload ?? {}),
    dedupeKey: mail.dedupeKey ?? null,
    now: nowIso(),
  };
}

/** The key that makes the buyer's email about one change of an order exist once: its prefix and the order id. */
export function orderMailKeyPrefix(kind: OrderEventRow['kind']): string {
  return `${ORDER_MAIL_KINDS[kind]}:`;
}

export function orderMailKey(kind: OrderEventRow['kind'], orderId: number): string {
  return `${orderMailKeyPrefix(kind)}${orderId}`;
}

const buyerEmailOf = builtOnce((db, v: { orderId: number }) => db.selectFrom('orders').select('buyer_email').where('id', '=', v.orderId));

/**
 * The buyer's email about a change of their order, to the address the order was placed with,
 * in the change's transaction. `payload` says who made the change and their note.
 */
export async function enqueueOrderMail(
  db: Db,
  orderId: number,
  kind: OrderEventRow['kind'],
  payload: Record<string, unknown>,
): Promise<void> {
  const [order] = await buyerEmailOf(db, { orderId });
  if (!order) throw new Error(`enqueueOrderMail: no order ${orderId}`);
  await enqueueMail(db, orderMail({ id: orderId, buyer_email: order.buyer_email }, kind, payload));
}

/**
 * enqueueOrderMail for an order at hand, its statement run right away (builtOnce's `now`: in a
 * transaction with no await, the SQLite order path's).
 */
export function enqueueOrderMailNow(
  db: Db,
  order: Pick<OrderRow, 'id' | 'buyer_email'>,
  kind: OrderEventRow['kind'],
  payload: Record<string, unknown>,
): void {
  insertMail.now(db, outboxValues(orderMail(order, kind, payload)));
}

function orderMail(order: Pick<OrderRow, 'id' | 'buyer_email'>, kind: OrderEventRow['kind'], payload: Record<string, unknown>): NewMail {
  return {
    kind: ORDER_MAIL_KINDS[kind],
    recipient: order.buyer_email,
    orderId: order.id,
    payload,
    dedupeKey: orderMailKey(kind, order.id),
  };
}

/** The addresses of the store's admins (live accounts), in order. */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('user')
    .select('email')
    .where('role', '=', 'admin')
    .where('deletedAt', 'is', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * One email to each of `recipients`, in the caller's transaction; each row's dedupe key is
 * `key` and the recipient, so writing the same mail again adds nothing.
 */
export async function enqueueMailToEach(
  db: Db,
  recipients: readonly string[],
  mail: { kind: MailKind; key: string; orderId?: number; payload?: Record<string, unknown> },
): Promise<void> {
  if (recipients.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('outbox')
    .values(
      recipients.map((recipient) => ({
        kind: mail.kind,
        recipient,
        order_id: mail.orderId ?? null,
        payload: JSON.stringify(mail.payload ?? {}),
        dedupe_key: `${mail.key}:${recipient.toLowerCase()}`,
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** One email about an order to each of the store's people: `recipients` (ORDER_NOTIFY_EMAILS) or, when there are none, every admin. */
async function enqueueStoreNotice(
  db: Db,
  recipients: readonly string[],
  mail: { kind: MailKind; key: string; orderId: number; payload?: Record<string, unknown> },
): Promise<void> {
  await enqueueMailToEach(db, recipients.length > 0 ? recipients : await adminEmails(db), mail);
}

/** "Order paid" for the store's people, in the payment's transaction. */
export async function enqueuePaidNotice(db: Db, orderId: number, recipients: readonly string[]): Promise<void> {
  await enqueueStoreNotice(db, recipients, { kind: 'order_paid_admin', key: `order_paid_admin:${orderId}`, orderId });
}

/** To the store's people: a refund failed at the gateway after it was accepted, once per refund. */
export async function enqueueRefundFailedNotice(
  db: Db,
  orderId: number,
  refund: { id: string; failure: string | null },
  recipients: readonly string[],
): Promise<void> {
  await enqueueStoreNotice(db, recipients, {
    kind: 'refund_failed_admin',
    key: `refund_failed_admin:${refund.id}`,
    orderId,
    payload: { refundId: refund.id, failure: refund.failure },
  });
}

/**
 * The invoice of an order just paid, to the address its buyer's My Profile sends invoices to
 * as well (their accounts payable), in the payment's transaction; nothing when they set none or
 * it is their own. Read at payment: the address on file when the invoice is issued.
 */
export async function enqueueInvoiceCopy(db: Db, orderId: number): Promise<void> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('profile', 'profile.user_id', 'orders.user_id')
    .select(['profile.invoice_email', 'orders.buyer_email'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row?.invoice_email || row.invoice_email.toLowerCase() === row.buyer_email.toLowerCase()) return;
  await enqueueMailToEach(db, [row.invoice_email], { kind: 'invoice_copy', key: `invoice_copy:${orderId}`, orderId });
}

/** What the store's people are told of a pending refund the gateway refused when the sweep finished it. */
export interface RefusedRefund {
  /** When the refund was asked for (ISO), which with the order names this one refund. */
  requestedAt: string;
  /** Who asked for it (their email), when their account is still there. */
  requestedBy: string | null;
  reason: string | null;
  /** The gateway's words. */
  failure: string;
}

/**
 * To the store's people: a refund left pending (decision 025) was refused when the sweep asked
 * the gateway again, so the order is paid again and nothing went back. The admin who asked for
 * it was told it would be finished; without this nobody would know. Once per refund asked.
 */
export async function enqueueRefundRefusedNotice(
  db: Db,
  orderId: number,
  refund: RefusedRefund,
  recipients: readonly string[],
): Promise<void> {
  await enqueueStoreNotice(db, recipients, {
    kind: 'refund_refused_admin',
    key: `refund_refused_admin:${orderId}:${refund.requestedAt}`,
    orderId,
    payload: { ...refund },
  });
}

/**
 * Runs a read of the due rows, oldest first, along the due index in its order. On PostgreSQL
 * in a transaction that turns bitmap scans off: the planner's estimate of how many emails are
 * due comes from statistics a sale outruns (a handful, when 60,000 wait), and for a handful it
 * reads every due row's entry through a bitmap and sorts them all to return the oldest 20, a
 * few milliseconds a batch that grow with the backlog. Along the index it reads those 20 (a
 * backlog of 40,000 emails sent in 24.3 s that way, in 6.8 s along the index, the sending
 * itself stubbed out). SQLite walks the index in order by itself.
 */
export async function inDueOrder<T>(db: Db, dialect: DialectName, read: (on: Db) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return read(trx);
  });
}

/**
 * The due rows, oldest first: unsent, not given up, due at `now`, and not claimed by a live
 * worker (a lease that ran out belongs to a worker that died). What the worker claims, and
 * what it asks the age of.
 */
function dueOldestFirst(dialect: DialectName, now: Date) {
  const at = now.toISOString();
  const cast = dialect === 'postgres' ? sql`::timestamptz` : sql``;
  return sql`
      where sent_at is null and failed_at is null and next_attempt_at <= ${at}${cast}
        and (claimed_until is null or claimed_until < ${at}${cast})
      order by next_attempt_at, id`;
}

/**
 * Claims up to `limit` due rows (dueOldestFirst) for `leaseMs`. On PostgreSQL several
 * processes claim at once without waiting for or taking each other's rows (SKIP LOCKED); SQLite
 * runs the statement alone. Each claim counts as an attempt.
 */
export async function claimDueMail(
  db: Db,
  dialect: DialectName,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<OutboxRow[]> {
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const cast = dialect === 'postgres' ? sql`::timestamptz` : sql``;
  const claim = (on: Db) =>
    sql<OutboxRow>`
    update outbox set claimed_until = ${until}${cast}, attempts = attempts + 1
    where id in (
      select id from outbox ${dueOldestFirst(dialect, options.now)}
      limit ${options.limit}
      ${lock}
    )
    returning *`.execute(on);
  const result = await inDueOrder(db, dialect, claim);
  return [...result.rows].sort((a, b) => a.id - b.id);
}

/** When the email that has waited longest became due (dueOldestFirst), or undefined when none is due: one row of the due index. */
export async function oldestDueMail(db: Db, dialect: DialectName, now: Date): Promise<Date | undefined> {
  const { rows } = await inDueOrder(db, dialect, (on) =>
    sql<Pick<OutboxRow, 'next_attempt_at'>>`select next_attempt_at from outbox ${dueOldestFirst(dialect, now)} limit 1`.execute(on),
  );
  return rows[0] && new Date(rows[0].next_attempt_at);
}

/**
 * Sent: never again. Only by the worker holding the claim, so a late one cannot undo a retry's
 * state. A whole batch's sent rows in one statement: on SQLite each write is a commit and its
 * fsync (synchronous=FULL), one per batch rather than one per email.
 */
export async function markMailSent(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ sent_at: now.toISOString(), claimed_until: null, last_error: null })
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .execute();
}

/** Not sent this time: tried again at `retryAt`, or given up (`retryAt` null) and kept for a person to look at. */
export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      claimed_until: null,
      last_error: error.slice(0, 1000),
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { failed_at: now.toISOString() }),
    })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
