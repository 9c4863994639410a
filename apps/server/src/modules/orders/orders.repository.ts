import { hash } from 'node:crypto';
import { containsPattern } from '../../db/like.ts';
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { skuKey } from '@toolsify/shared/cart-lines';
import { SKU_KEY_SQL } from '../../db/migrations/036-tool-sku-key.ts';
import { statusFlags, type Order, type OrderStatus } from '@toolsify/shared/orders';
import { MAX_CARD_PAYMENT_CENTS } from '@toolsify/shared/payments';
import { builtOnce, builtOncePerShape } from '../../db/built-once.ts';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, toIso, type Database, type OrderEventRow, type OrderLineRow, type OrderRow, type Db } from '../../db/schema.ts';
import { OPEN_INTENT_STATUSES } from '../payments/payments.repository.ts';
import { enqueueOrderMail, enqueueOrderMailNow, orderMailKeyPrefix } from '../mail/outbox.repository.ts';
import { releaseStockAlerts } from '../stock-alerts/stock-alerts.repository.ts';
import { GroupCommit, inSavepointsNow, type GroupHold, type Outcome } from './orders.group-commit.ts';
import { acceptingBurst } from '../../lib/turn-gate.ts';

/**
 * The API's order, with its lines. An unpaid order says when UNPAID_ORDER_TTL_HOURS cancels it
 * (`expiresAt`, null when paid, cancelled or when expiry is off); the sweep runs every few
 * minutes after that. A one-line order keeps the spec's fields as they always were; an order
 * of more lines has the first line's tool, a summary name, all its pieces and no single price.
 */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], unpaidTtlHours: number): Order {
  const createdAt = toIso(row.created_at);
  return {
    id: row.id,
    toolId: row.tool_id,
    tool: row.tool_name,
    quantity: row.quantity,
    unitPriceCents: row.line_count > 1 ? null : row.unit_price_cents,
    totalCents: Number(row.total_cents),
    lines: [...lines]
      .sort((a, b) => a.line_no - b.line_no)
      .map((line) => ({
        toolId: line.tool_id,
        tool: line.tool_name,
        sku: line.sku,
        quantity: line.quantity,
        unitPriceCents: line.unit_price_cents,
        totalCents: line.unit_price_cents * line.quantity,
      })),
    poNumber: row.po_number,
    invoiceNumber: row.invoice_number,
    invoicedAt: row.invoiced_at === null ? null : toIso(row.invoiced_at),
    buyer: row.buyer_email,
    buyerName: row.buyer_name,
    buyerCompany: row.buyer_company,
    buyerTaxId: row.buyer_tax_id,
    phone: row.phone,
    address: row.address,
    status: row.status,
    ...statusFlags(row.status),
    transactionId: row.transaction_id,
    createdAt,
    expiresAt:
      row.status === 'unpaid' && unpaidTtlHours > 0 ? new Date(Date.parse(createdAt) + unpaidTtlHours * 3_600_000).toISOString() : null,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    refund: refundOf(row),
  };
}

/** The order's refund as the API shows it (decision 025): asked for, or made. */
function refundOf(row: OrderRow): Order['refund'] {
  if (row.refund_requested_at === null) return null;
  return {
    state: row.refund_id === null ? 'pending' : 'refunded',
    amountCents: Number(row.total_cents),
    requestedAt: toIso(row.refund_requested_at),
    refundedAt: row.refunded_at === null ? null : toIso(row.refunded_at),
    reference: row.refund_id,
    creditNoteNumber: row.credit_note_number,
    reason: row.refund_reason,
  };
}

/** Who changed an order, and a word on it (a transaction id, why the store cancelled it). */
export interface OrderChange {
  actor: OrderEventRow['actor'];
  actorId: string | null;
  note: string | null;
}

/**
 * Writes one event of an order's history and the email that tells the buyer of it (to the
 * outbox), in the caller's transaction: the change, its history and its email are one.
 * `mail` adds to what the email is told (a shipment's carrier and tracking number).
 */
export async function recordOrderEvent(
  db: Db,
  orderId: number,
  kind: OrderEventRow['kind'],
  change: OrderChange,
  mail: Record<string, unknown> = {},
): Promise<void> {
  await insertOrderEvent(db, eventValues(orderId, kind, change));
  await enqueueOrderMail(db, orderId, kind, { ...mail, actor: change.actor, note: change.note });
}

/** recordOrderEvent for an order at hand, its statements run right away (builtOnce's `now`: the SQLite group's transaction). */
function recordOrderEventNow(db: Db, order: OrderRow, kind: OrderEventRow['kind'], change: OrderChange): void {
  insertOrderEvent.now(db, eventValues(order.id, kind, change));
  enqueueOrderMailNow(db, order, kind, { actor: change.actor, note: change.note });
}

const eventValues = (orderId: number, kind: OrderEventRow['kind'], change: OrderChange) => ({
  orderId,
  kind,
  at: nowIso(),
  actor: change.actor,
  actorId: change.actorId,
  note: change.note,
});

const insertOrderEvent = builtOnce(
  (
    db,
    v: {
      orderId: number;
      kind: OrderEventRow['kind'];
      at: string;
      actor: OrderEventRow['actor'];
      actorId: string | null;
      note: string | null;
    },
  ) =>
    db.insertInto('order_event').values({ order_id: v.orderId, kind: v.kind, at: v.at, actor: v.actor, actor_id: v.actorId, note: v.note }),
);

/** An order's history, oldest first. */
export async function findEventsOf(db: Db, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_event').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** The lines of these orders, by order id: one query for a whole page. */
export async function findLinesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_line')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** These orders (those that exist), in no particular order: one query for a batch. */
export async function findOrdersByIds(db: Db, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findOrderByIdempotencyKey(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/**
 * What a list of orders is narrowed to (`statuses` always; the rest when given): one buyer, a
 * search text, a tool on one of its lines, placed between two days (YYYY-MM-DD, UTC, both whole).
 * `dialect` picks the search's fastest shape (see ordersMatching); without it, the scan.
 */
export interface OrderListFilters {
  userId?: string | undefined;
  statuses: readonly OrderStatus[];
  q?: string | undefined;
  toolId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  dialect?: DialectName | undefined;
}

const MAX_ID = 2_147_483_647;

/** A search that is a whole email address (one @, a dot in the domain, no spaces). */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shortest search text PostgreSQL's trigram indexes can answer (pg_trgm reads 3 characters). */
const TRIGRAM = 3;

/**
 * The search text's condition on an order (`o`) or on a line (`l`), without regard to case.
 * PostgreSQL: `lower()` of the searched columns, joined by a newline (which a search text never
 * holds, so no match spans two columns), exactly the expressions migrations 017 and 034 (the
 * buyer's company) index with pg_trgm. SQLite: LIKE, which ignores the case of ASCII letters by itself (and that of others
 * not at all), column by column.
 */
function textMatches(dialect: DialectName | undefined, pattern: string) {
  if (dialect === 'postgres') {
    return {
      order: (o: string) =>
        sql<boolean>`lower(${sql.ref(`${o}.buyer_email`)} || chr(10) || ${sql.ref(`${o}.buyer_name`)} || chr(10) || coalesce(${sql.ref(`${o}.po_number`)}, '') || chr(10) || coalesce(${sql.ref(`${o}.buyer_company`)}, '')) like lower(${pattern})`,
      line: (l: string) => sql<boolean>`lower(${sql.ref(`${l}.tool_name`)} || chr(10) || ${sql.ref(`${l}.sku`)}) like lower(${pattern})`,
    };
  }
  const like = (column: string) => sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
  return {
    order: (o: string) =>
      sql<boolean>`(${like(`${o}.buyer_email`)} or ${like(`${o}.buyer_name`)} or ${like(`${o}.po_number`)} or ${like(`${o}.buyer_company`)})`,
    line: (l: string) => sql<boolean>`(${like(`${l}.tool_name`)} or ${like(`${l}.sku`)})`,
  };
}

/**
 * The orders the filters find, as a query on `orders` to order and page. The search text is an
 * order number (`1042` or `#1042`: the primary key) or a part of the PO number, the buyer's
 * email, name or company, or a line's tool name or SKU, without regard to case (textMatches). The tool
 * filter is a semi-join on order_line_tool_idx; the days compare `created_at`.
 *
 * The search has two shapes (measured at 100,000 orders: docs/performance.md, "Finding orders"):
 * - PostgreSQL, 3 characters or more: `id in (orders found ∪ lines' orders found ∪ the number)`,
 *   each part a bitmap scan of its trigram index (migration 017): milliseconds, where reading
 *   the tables took hundreds.
 * - Otherwise (SQLite, or a shorter text): newest first along the primary key, each order
 *   checked (its lines through their (order_id, line_no) index) until the page is full: a text
 *   many orders hold fills it at once; one no order holds reads every order. SQLite has no index
 *   for it: FTS5's trigram index would answer at once, but its triggers made placing an order
 *   three to four times the CPU, and placing orders is the path to keep fast.
 */
function ordersMatching(db: Db, filters: OrderListFilters) {
  let query = db.selectFrom('orders').where('orders.status', 'in', [...filters.statuses]);
  if (filters.userId !== undefined) query = query.where('orders.user_id', '=', filters.userId);
  if (filters.from !== undefined) query = query.where('orders.created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to !== undefined) query = query.where('orders.created_at', '<=', `${filters.to}T23:59:59.999Z`);
  if (filters.toolId !== undefined) {
    const toolId = filters.toolId;
    query = query.where('orders.id', 'in', (eb) =>
      eb.selectFrom('order_line').select('order_line.order_id').where('order_line.tool_id', '=', toolId),
    );
  }
  const q = filters.q?.trim();
  if (!q) return query;
  // A whole email address names one buyer: their orders, not every email it is a part of
  // ("abuyer1@..." holds "buyer1@..."), nor a PO number that quotes it.
  if (WHOLE_EMAIL.test(q)) return query.where(sql<string>`lower(orders.buyer_email)`, '=', q.toLowerCase());
  const text = textMatches(filters.dialect, containsPattern(q));
  const number = /^#?\s*(\d{1,10})$/.exec(q);
  const id = number ? Number(number[1]) : 0;
  const byNumber = id > 0 && id <= MAX_ID ? id : undefined;
  const bySku = partNumberKey(q);
  // The lines of the live tools whose SKU reads as the text without its punctuation ("TFDD182A"
  // for TF-DD18-2A): the tools through their SKU key's index (migration 036), their lines through
  // order_line_tool_idx, never a scan of the lines.
  const skuLines = (eb: ExpressionBuilder<Database, 'orders'>, key: string) =>
    eb
      .selectFrom('order_line as k')
      .select('k.order_id as id')
      .where('k.tool_id', 'in', (tools) =>
        tools
          .selectFrom('tool')
          .select('tool.id')
          .where(sql<string>`${sql.raw(SKU_KEY_SQL)}`, '=', key)
          .where('tool.deleted_at', 'is', null),
      );
  if (filters.dialect === 'postgres' && q.length >= TRIGRAM) {
    return query.where('orders.id', 'in', (eb) => {
      let found = eb
        .selectFrom('orders as o')
        .select('o.id')
        .where(text.order('o'))
        .union(eb.selectFrom('order_line as l').select('l.order_id as id').where(text.line('l')));
      if (bySku !== undefined) found = found.union(skuLines(eb, bySku));
      return byNumber === undefined ? found : found.union(eb.selectFrom('orders as n').select('n.id').where('n.id', '=', byNumber));
    });
  }
  return query.where((eb) =>
    eb.or([
      text.order('orders'),
      eb.exists(eb.selectFrom('order_line as l').select('l.id').whereRef('l.order_id', '=', 'orders.id').where(text.line('l'))),
      ...(byNumber === undefined ? [] : [eb('orders.id', '=', byNumber)]),
      ...(bySku === undefined ? [] : [eb('orders.id', 'in', skuLines(eb, bySku))]),
    ]),
  );
}

/**
 * A search text that may be a part number typed without its punctuation ("TFDD182A"): its SKU
 * key (skuKey), or undefined for one that cannot be: spaces or other characters, or under 3
 * letters and digits.
 */
function partNumberKey(q: string): string | undefined {
  if (!/^[A-Za-z0-9._-]{3,40}$/.test(q)) return undefined;
  const key = skuKey(q);
  return key.length >= TRIGRAM ? key : undefined;
}

/** Orders newest first, `limit` after the cursor (an id), of one buyer or of everyone, as the filters find them. */
export async function findOrdersPage(
  db: Db,
  options: OrderListFilters & { limit: number; cursor?: number | undefined },
): Promise<OrderRow[]> {
  let query = ordersMatching(db, options).selectAll('orders');
  if (options.cursor !== undefined) query = query.where('orders.id', '<', options.cursor);
  return query.orderBy('orders.id', 'desc').limit(options.limit).execute();
}

/** How each of these cancelled orders was cancelled: its last `cancelled` event, by order id. */
export async function findCancellationsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderEventRow>> {
  const byOrder = new Map<number, OrderEventRow>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_event')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .where('kind', '=', 'cancelled')
    .orderBy('id')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, row);
  return byOrder;
}

/**
 * The buyer's unpaid one-line orders of a tool placed at or after `since` (an ISO time), newest
 * first: what the purchase page asks about before the same order is placed again. The partial
 * index orders_unpaid_user_idx holds a buyer's unpaid orders, a handful at most.
 */
export async function findRecentUnpaidOrdersOf(db: Db, userId: string, toolId: number, since: string, limit: number): Promise<OrderRow[]> {
  return unpaidOrdersRows(db, userId)
    .where('line_count', '=', 1)
    .where('tool_id', '=', toolId)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Unpaid orders placed before `cutoff` (an ISO time), oldest first. */
export async function findUnpaidOrdersBefore(db: Db, cutoff: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'unpaid')
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The unpaid orders with a line of a tool, oldest first; with `openPayment: false`, only those with no
 * payment under way (no open payment intent), which may be cancelled without the gateway.
 */
export async function findUnpaidOrdersOfTool(db: Db, toolId: number, options: { openPayment?: false } = {}): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('order_line').select('order_line.order_id').where('order_line.tool_id', '=', toolId))
    .where('status', '=', 'unpaid');
  if (options.openPayment === false) {
    query = query.where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_intent')
            .select('payment_intent.id')
            .whereRef('payment_intent.order_id', '=', 'orders.id')
            .where('payment_intent.status', 'in', OPEN_INTENT_STATUSES),
        ),
      ),
    );
  }
  return query.orderBy('id').execute();
}

/** How many unpaid orders the buyer holds (the partial index orders_unpaid_user_idx answers it). */
export async function countUnpaidOrdersOf(db: Db, userId: string): Promise<number> {
  return unpaidCount(await unpaidOrderCount(db, { userId }));
}

const unpaidOrderCount = builtOnce((db, v: { userId: string }) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', v.userId)
    // The status as a literal, not a parameter: so both planners can match the partial index.
    .where('status', '=', sql.lit('unpaid')),
);
const unpaidCount = (rows: ReadonlyArray<{ n: number }>): number => Number(rows[0]?.n ?? 0);

/** The buyer's unpaid orders (status as a literal: see unpaidOrderCount). */
function unpaidOrdersRows(db: Db, userId: string) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', sql.lit('unpaid'));
}

type Quantity = number | RawBuilder<number>;

/**
 * THE conditions under which `quantity` pieces of a live tool's stock may be taken, for a
 * statement on `tool`: the quantity meets the tool's quantity rule (DESIGN.md decision 3; the
 * shared checkQuantity: at least the minimum, at most the maximum per order and the stock,
 * whole packs) and the line can be paid by card (a price above $0, a line total of at most
 * MAX_CARD_PAYMENT_CENTS at the quantity's unit price, said without a multiplication the
 * database could overflow). The quantity is a number (SQLite, a line at a time) or a column
 * (PostgreSQL, every line at once).
 */
function takeable(dialect: DialectName, quantity: Quantity): RawBuilder<boolean> {
  const q = typeof quantity === 'number' ? sql<number>`${quantity}` : quantity;
  return sql<boolean>`(
    tool.available >= ${q}
    and tool.minimum <= ${q}
    and (tool.max_per_order is null or tool.max_per_order >= ${q})
    and ${q} % tool.pack_size = 0
    and tool.deleted_at is null
    and tool.price_cents > 0
    and ${unitPriceSql(dialect, quantity)} <= ${sql.lit(MAX_CARD_PAYMENT_CENTS)} / ${q}
  )`;
}

/**
 * The shared price rule (unitPriceFor) in SQL, for a statement on the tool table: the price of
 * the highest break whose minQuantity is at most `quantity`, else the base price. It prices
 * each line in the same statement that takes its stock, from the row it takes it from; a
 * property test (orders.pricing.test.ts) holds it to unitPriceFor.
 */
export function unitPriceSql(dialect: DialectName, quantity: Quantity) {
  const q = typeof quantity === 'number' ? sql<number>`${quantity}` : quantity;
  return dialect === 'postgres'
    ? sql<number>`coalesce((
        select (b ->> 'unitPriceCents')::integer from jsonb_array_elements(tool.price_breaks) b
        where (b ->> 'minQuantity')::integer <= ${q}
        order by (b ->> 'minQuantity')::integer desc limit 1
      ), tool.price_cents)`
    : sql<number>`coalesce((
        select b.value ->> '$.unitPriceCents' from json_each(tool.price_breaks) b
        where b.value ->> '$.minQuantity' <= ${q}
        order by b.value ->> '$.minQuantity' desc limit 1
      ), tool.price_cents)`;
}

/**
 * Puts every line's pieces back (a cancelled order), whether or not the tools were deleted
 * since: each tool of the order once (a tool is on at most one line). On PostgreSQL the tools
 * are locked in id order first, as placing an order locks them, so the two never deadlock; and
 * FOR NO KEY UPDATE, the lock an update of the stock takes anyway: FOR UPDATE would also wait
 * for the foreign-key locks (FOR KEY SHARE) that orders being placed hold on their lines' tools,
 * taken in the lines' order, and with the groups of two servers that made a deadlock.
 */
export async function returnStock(db: Db, dialect: DialectName, orderId: number): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select id from tool where id in (select l.tool_id from order_line l where l.order_id = ${orderId}) order by id for no key update`.execute(
      db,
    );
  }
  await sql`
    update tool set
      available = available + (select l.quantity from order_line l where l.order_id = ${orderId} and l.tool_id = tool.id),
      updated_at = ${nowIso()}
    where id in (select l.tool_id from order_line l where l.order_id = ${orderId})`.execute(db);
  // A tool that was out of stock may be back: its "Email me when it is back" subscribers hear of it.
  const lines = await db.selectFrom('order_line').select('tool_id').where('order_id', '=', orderId).execute();
  await releaseStockAlerts(
    db,
    lines.map((line) => line.tool_id),
  );
}

/** What a buyer asks for: the lines, in their order, and who and where. */
export interface OrderRequest {
  userId: string;
  /** Each line's tool and quantity, and the unit price its buyer was shown, if the client sent it (the line is refused at any other). */
  lines: ReadonlyArray<{ toolId: number; quantity: number; expectedUnitPriceCents?: number | undefined }>;
  buyerEmail: string;
  buyerName: string;
  phone: string;
  address: string;
  poNumber: string | null;
  idempotencyKey: string | null;
  /** MAX_UNPAID_ORDERS_PER_BUYER: refused when the buyer already holds this many; 0: no cap. */
  maxUnpaidOrders: number;
}

/** A line as the placing statement took it: a line of the order still to be written. */
type TakenLine = Omit<OrderLineRow, 'id' | 'order_id'>;

/** "Cordless Drill 18V", or "Cordless Drill 18V and 4 more". */
export function orderTitle(firstTool: string, lineCount: number): string {
  return lineCount > 1 ? `${firstTool} and ${lineCount - 1} more` : firstTool;
}

/** A placement that could not take a line, or was refused by the total or the cap: nothing of it stays. */
class OrderRefused extends Error {}

/**
 * Places an order, all or nothing: every line's stock taken (takeable), priced by its tier,
 * the order's total payable by card, the buyer under the cap on unpaid orders, and the order
 * and its lines inserted, with its history's first event and the buyer's "order placed" email
 * (to the outbox). Answers the order and its lines, or undefined when anything was
 * refused (nothing changed; the service explains why). A repeated idempotency key fails on
 * the unique index (nothing changed).
 *
 * Group commit on both databases (decisions 011 and 014): the placements that arrive while one
 * group commits are taken together in the next, one transaction for them all, each order undone
 * alone when refused, each answered once that transaction has committed (one group at a time
 * per process on SQLite, two on PostgreSQL; the cap stays exact: the service places a capped
 * buyer's orders one at a time). SQLite: one conditional update for all of an order's lines,
 * each order in a savepoint. PostgreSQL: one statement per group, the placing function of
 * postgresPlacingFunction.
 */
export async function placeOrderTakingStock(db: Kysely<Database>, dialect: DialectName, order: OrderRequest): Promise<Placed | undefined> {
  try {
    return await placementGroupsOf(db, dialect).run(order);
  } catch (error) {
    if (error instanceof OrderRefused) return undefined;
    throw error;
  }
}

type Placed = { row: OrderRow; lines: OrderLineRow[] };

/** How many orders one PostgreSQL group places at most (why: postgresPlacingFunction). */
export const MAX_POSTGRES_GROUP = 50;

/**
 * How many PostgreSQL groups a process runs at once, each on its own connection: both decide
 * their orders at the same time, and lock their tools in id order only to write the stock, so
 * they never deadlock (decision 024). The cap on unpaid orders stays exact: the service places
 * a capped buyer's orders one at a time. Measured against 1 and 3: decisions 014 and 024.
 */
const POSTGRES_GROUPS_AT_ONCE = 2;

/**
 * SQLite runs a group on the event loop's own thread, its commit waiting there for its fsync: an
 * order read while one runs waits for all of it, then for its own group. So a group waits, up
 * to 20 ms after its first order arrived: while the server accepts a burst of connections (one
 * per turn of the loop), so those turns stay short and the orders that come meanwhile share one
 * commit (decision 016); and, from 64 orders, while each turn still brings more (a crowd's
 * orders read over several turns), so they go together instead of the last few waiting for the
 * next group (decision 021).
 */
const SQLITE_GROUP_HOLD: GroupHold = { while: acceptingBurst, growingFrom: 64, atMostMs: 20 };

/** The group commit of each database (one per Kysely instance: an app, a test's app). */
const groupCommits = new WeakMap<Kysely<Database>, GroupCommit<OrderRequest, Placed>>();

/** The group commit placing orders on a database (created on first use). */
export function placementGroupsOf(db: Kysely<Database>, dialect: DialectName): GroupCommit<OrderRequest, Placed> {
  let group = groupCommits.get(db);
  if (!group) {
    group =
      dialect === 'postgres'
        ? new GroupCommit((orders) => placeOnPostgres(db, orders), { maxGroup: MAX_POSTGRES_GROUP, concurrency: POSTGRES_GROUPS_AT_ONCE })
        : new GroupCommit(inSavepointsNow(db, placeOnSqliteNow), { hold: SQLITE_GROUP_HOLD });
    groupCommits.set(db, group);
  }
  return group;
}

/**
 * The SQLite placement itself, in the caller's transaction (a savepoint of a group), each
 * statement run right away (builtOnce's `now`): throws OrderRefused when a line, the total or
 * the cap refuses it, and the caller undoes it.
 */
function placeOnSqliteNow(trx: Db, order: OrderRequest): Placed {
  if (order.maxUnpaidOrders > 0 && unpaidCount(unpaidOrderCount.now(trx, { userId: order.userId })) >= order.maxUnpaidOrders) {
    throw new OrderRefused();
  }
  const now = nowIso();
  const shape = { lines: order.lines.length };
  const lineTools = lineValues(order.lines);
  const takenRows = takeLinesOnSqlite.now(trx, shape, { ...lineTools, now });
  // A line its tool could not give is missing from the answer; so is a second line of one tool
  // (the API refuses those), whose stock the statement takes once.
  if (takenRows.length !== order.lines.length) throw new OrderRefused();
  const takenRow = new Map(takenRows.map((row) => [row.id, row]));
  const taken = order.lines.map((line, lineNo): TakenLine => {
    const row = takenRow.get(line.toolId);
    if (!row) throw new OrderRefused();
    // Priced otherwise than its buyer was shown (the price changed since): the savepoint undoes the stock taken.
    if (line.expectedUnitPriceCents !== undefined && Number(row.unit_price_cents) !== line.expectedUnitPriceCents) throw new OrderRefused();
    return {
      line_no: lineNo,
      tool_id: row.id,
      tool_name: row.name,
      sku: row.sku,
      quantity: line.quantity,
      unit_price_cents: Number(row.unit_price_cents),
    };
  });
  const total = taken.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
  if (total > MAX_CARD_PAYMENT_CENTS) throw new OrderRefused();
  const first = taken[0];
  if (!first) throw new OrderRefused();
  // The buyer's business details as they are now: the order keeps them, whatever the profile becomes.
  const [business] = businessOf.now(trx, { userId: order.userId });
  const [row] = insertOrderOnSqlite.now(trx, {
    userId: order.userId,
    toolId: first.tool_id,
    toolName: orderTitle(first.tool_name, taken.length),
    unitPriceCents: first.unit_price_cents,
    quantity: taken.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: total,
    lineCount: taken.length,
    poNumber: order.poNumber,
    buyerEmail: order.buyerEmail,
    buyerName: order.buyerName,
    phone: order.phone,
    address: order.address,
    buyerCompany: business?.company || null,
    buyerTaxId: business?.tax_id || null,
    idempotencyKey: order.idempotencyKey,
    now,
  });
  if (!row) throw new Error('placeOnSqliteNow: the order was not inserted');
  const lines = insertLinesOnSqlite.now(trx, shape, { orderId: row.id, ...lineTools, ...takenLineValues(taken) });
  if (lines.length !== taken.length) throw new Error('placeOnSqliteNow: a line was not inserted');
  // RETURNING answers rows in no promised order.
  lines.sort((a, b) => a.line_no - b.line_no);
  recordOrderEventNow(trx, row, 'placed', { actor: 'buyer', actorId: order.userId, note: null });
  return { row, lines };
}

// The statements of placeOnSqliteNow, built once (db/built-once.ts): the order path runs
// them for every order, and building them cost as much CPU as running them.

/**
 * An order's lines as the values of the statements below: line `i`'s tool and quantity are
 * `tool<i>` and `quantity<i>`, so that the statements' form depends on the number of lines only.
 */
type LineValues = { [key: `tool${number}`]: number; [key: `quantity${number}`]: number };

function lineValues(lines: ReadonlyArray<{ toolId: number; quantity: number }>): LineValues {
  const values: LineValues = {};
  lines.forEach((line, i) => {
    values[`tool${i}`] = line.toolId;
    values[`quantity${i}`] = line.quantity;
  });
  return values;
}

/** 0 to lines - 1: the lines of a statement's form. */
const lineNumbers = (lines: number) => Array.from({ length: lines }, (_, i) => i);

/**
 * Value `key` of a statement's values, for its builder: the builder of builtOncePerShape is
 * handed one for every name it reads (the statement's form has one per line).
 */
const valueOf = <T extends string | number>(values: object, key: string): T => (values as Record<string, T>)[key] as T;

/**
 * Takes every line's pieces of an order in one statement, where each line's tool is takeable,
 * answering each taken line's tool and unit price (a line not taken is missing from the
 * answer). Each row's quantity is its line's (a `case` on the tool's id). One statement for the
 * order instead of one per line (and insertLinesOnSqlite likewise): a 5-line order's stock
 * and lines cost SQLite 83 us instead of 146 (docs/performance.md).
 */
const takeLinesOnSqlite = builtOncePerShape((db, shape: { lines: number }, v: LineValues & { now: string }) => {
  const quantity = sql<number>`(case tool.id ${sql.join(
    lineNumbers(shape.lines).map((i) => sql`when ${valueOf<number>(v, `tool${i}`)} then ${valueOf<number>(v, `quantity${i}`)}`),
    sql` `,
  )} end)`;
  return db
    .updateTable('tool')
    .set((eb) => ({ available: eb('available', '-', quantity), updated_at: v.now }))
    .where(
      'id',
      'in',
      lineNumbers(shape.lines).map((i) => valueOf<number>(v, `tool${i}`)),
    )
    .where(takeable('sqlite', quantity))
    .returning(['id', 'name', 'sku', unitPriceSql('sqlite', quantity).as('unit_price_cents')]);
});

const businessOf = builtOnce((db, v: { userId: string }) =>
  db.selectFrom('profile').select(['company', 'tax_id']).where('user_id', '=', v.userId),
);

const insertOrderOnSqlite = builtOnce(
  (
    db,
    v: {
      userId: string;
      toolId: number;
      toolName: string;
      unitPriceCents: number;
      quantity: number;
      totalCents: number;
      lineCount: number;
      poNumber: string | null;
      buyerEmail: string;
      buyerName: string;
      phone: string;
      address: string;
      buyerCompany: string | null;
      buyerTaxId: string | null;
      idempotencyKey: string | null;
      now: string;
    },
  ) =>
    db
      .insertInto('orders')
      .values({
        user_id: v.userId,
        tool_id: v.toolId,
        tool_name: v.toolName,
        unit_price_cents: v.unitPriceCents,
        quantity: v.quantity,
        total_cents: v.totalCents,
        line_count: v.lineCount,
        po_number: v.poNumber,
        buyer_email: v.buyerEmail,
        buyer_name: v.buyerName,
        phone: v.phone,
        address: v.address,
        buyer_company: v.buyerCompany,
        buyer_tax_id: v.buyerTaxId,
        status: 'unpaid',
        idempotency_key: v.idempotencyKey,
        created_at: v.now,
        updated_at: v.now,
      })
      .returningAll(),
);

/** What insertLinesOnSqlite writes of each taken line besides its tool and quantity (LineValues): its name, SKU and unit price. */
type TakenLineValues = {
  [key: `name${number}`]: string;
  [key: `sku${number}`]: string;
  [key: `price${number}`]: number;
};

function takenLineValues(taken: readonly TakenLine[]): TakenLineValues {
  const values: TakenLineValues = {};
  taken.forEach((line, i) => {
    values[`name${i}`] = line.tool_name;
    values[`sku${i}`] = line.sku;
    values[`price${i}`] = line.unit_price_cents;
  });
  return values;
}

/** Inserts an order's lines in one statement, numbered in the order given. */
const insertLinesOnSqlite = builtOncePerShape((db, shape: { lines: number }, v: LineValues & TakenLineValues & { orderId: number }) =>
  db
    .insertInto('order_line')
    .values(
      lineNumbers(shape.lines).map((i) => ({
        order_id: v.orderId,
        line_no: i,
        tool_id: valueOf<number>(v, `tool${i}`),
        tool_name: valueOf<string>(v, `name${i}`),
        sku: valueOf<string>(v, `sku${i}`),
        quantity: valueOf<number>(v, `quantity${i}`),
        unit_price_cents: valueOf<number>(v, `price${i}`),
      })),
    )
    .returningAll(),
);

/**
 * PostgreSQL's placing function (decision 014): `<name>(orders jsonb, lock_first boolean)
 * returns setof jsonb`, placing a group's orders in one statement, so in one transaction with
 * one commit, each order in its own subtransaction (a BEGIN ... EXCEPTION block): a refused
 * order, or one whose idempotency key is taken, is undone alone and answered as such, and the
 * others stand. The group runs inside PostgreSQL with no round trip between its orders.
 *
 * Each order is decided as decision 005's statement decides it, on the group's copy of its
 * tools (read once, `p_seen`): every line takeable (takeable, unitPriceSql: the same SQL as
 * SQLite's) from the tool's stock less what the group's earlier orders took, and priced as its
 * buyer was shown when the client said (`expected`), the order inserted
 * only if every line was, its total payable and the buyer under the cap, then its lines, its
 * first event and its email. The stock itself is written once per tool at the end of the group
 * (with the table's CHECK available >= 0): a row updated by every order of one transaction
 * would leave a version per order that nothing can prune before the commit, and once its page
 * is full every update writes every index of the tool (5-line orders: 90 against 230 orders/s).
 *
 * The tools are locked only for that write (decision 024), in id order (as a cancel's
 * returnStock locks them), so two groups never deadlock and the two groups of a process
 * (POSTGRES_GROUPS_AT_ONCE) decide and write their orders at the same time instead of one
 * after the other. Once they are locked the group checks that every order would be decided the
 * same on the rows as they are now; when not (an admin changed a price, another group or a
 * buyer's cancel moved the stock under a refused order, the stock ran short), it raises
 * TOOLS_CHANGED, nothing of it stays, and placeOnPostgres runs it again with `lock_first`: the
 * tools locked before they are read, as every group was before decision 024.
 *
 * The function's text is built here from those same pieces, and its name carries the text's
 * hash: a server creates its own version on first use, and two versions of the code (a rolling
 * deploy) each call their own.
 *
 * At most MAX_POSTGRES_GROUP orders a group: a transaction of more than 64 subtransactions
 * makes every other session's snapshot look its transactions up in pg_subtrans.
 */
export function postgresPlacingFunction(db: Kysely<Database>): { name: string; create: string } {
  const q = sql<number>`req.quantity`;
  const decidingFields = (alias: string) => sql.join(DECIDING_FIELDS.map((field) => sql.ref(`${alias}.${field}`)));
  // Every tool of the group, in id order: two groups, or a group and a cancel, never deadlock.
  const lockGroupTools = sql`perform 1 from tool where id = any(p_group_tools) order by id for no key update;`;
  const body = sql`
declare
  p_order jsonb;
  p_user text;
  p_tools integer[];
  p_quantities integer[];
  -- Each line's unit price as its buyer was shown it (null: not sent).
  p_expected integer[];
  p_now timestamptz;
  p_max_unpaid integer;
  p_placed jsonb;
  -- What the group's placed orders have taken so far, by tool id.
  p_taken jsonb := '{}';
  -- Every tool of the group, and the tools as its orders are decided on.
  p_group_tools integer[];
  p_seen tool[];
  -- Whether an order of the group was refused (for stock, or anything else).
  p_refused boolean := false;
begin
  p_group_tools := array(select distinct (jsonb_array_elements_text(o -> 'tools'))::integer from jsonb_array_elements(orders) o);
  if lock_first then
    ${lockGroupTools}
  end if;
  -- Only what the decisions read (the rest of the row, its search keys among them, left out).
  p_seen := array(
    select jsonb_populate_record(null::tool, jsonb_build_object(${sql.join(
      ['id', 'available', ...DECIDING_FIELDS].map((field) => sql`${sql.lit(field)}, ${sql.ref(`t.${field}`)}`),
    )}))
    from tool t where t.id = any(p_group_tools));
  for p_order in select value from jsonb_array_elements(orders) loop
    p_user := p_order ->> 'userId';
    p_tools := array(select (jsonb_array_elements_text(p_order -> 'tools'))::integer);
    p_quantities := array(select (jsonb_array_elements_text(p_order -> 'quantities'))::integer);
    p_expected := array(select (jsonb_array_elements_text(p_order -> 'expected'))::integer);
    p_now := (p_order ->> 'now')::timestamptz;
    p_max_unpaid := (p_order ->> 'maxUnpaidOrders')::integer;
    begin
      with req (tool_id, quantity, expected, line_no) as (
        select * from unnest(p_tools, p_quantities, p_expected) with ordinality
      ),
      taken as (
        select (req.line_no - 1)::integer as line_no, tool.id as tool_id, tool.name as tool_name, tool.sku, req.quantity,
          ${unitPriceSql('postgres', q)} as unit_price_cents
        from req join (
          -- The tool as the group read it, less what its earlier orders took.
          select t.id, t.name, t.sku, t.available - coalesce((p_taken ->> t.id::text)::integer, 0) as available,
            t.minimum, t.max_per_order, t.pack_size, t.deleted_at, t.price_cents, t.price_breaks
          from unnest(p_seen) t where t.id = any(p_tools)
        ) tool on tool.id = req.tool_id
        where ${takeable('postgres', q)}
          -- Priced as its buyer was shown, when the client said what that was.
          and (req.expected is null or ${unitPriceSql('postgres', q)} = req.expected)
      ),
      summary as (
        select count(*) as n, sum(unit_price_cents::bigint * quantity) as total, sum(quantity) as pieces from taken
      ),
      first_line as (select * from taken order by line_no limit 1),
      ord as (
        insert into orders (user_id, tool_id, tool_name, unit_price_cents, quantity, total_cents, line_count, po_number,
          buyer_email, buyer_name, phone, address, buyer_company, buyer_tax_id, status, idempotency_key, created_at, updated_at)
        select p_user, f.tool_id,
          case when s.n > 1 then f.tool_name || ' and ' || (s.n - 1) || ' more' else f.tool_name end,
          f.unit_price_cents, s.pieces, s.total, s.n, p_order ->> 'poNumber',
          p_order ->> 'buyerEmail', p_order ->> 'buyerName', p_order ->> 'phone', p_order ->> 'address',
          (select nullif(p.company, '') from profile p where p.user_id = p_user),
          (select nullif(p.tax_id, '') from profile p where p.user_id = p_user),
          'unpaid', p_order ->> 'idempotencyKey', p_now, p_now
        from summary s, first_line f
        -- Every line taken, and no tool on two lines (the API refuses that; the group's count of
        -- what it took would miss one of them).
        where s.n = cardinality(p_tools) and s.n = (select count(distinct tool_id) from req)
          and s.total <= ${sql.lit(MAX_CARD_PAYMENT_CENTS)}
          and (p_max_unpaid = 0
            or (select count(*) from orders u where u.user_id = p_user and u.status = 'unpaid') < p_max_unpaid)
        returning *
      ),
      placed as (
        insert into order_event (order_id, kind, at, actor, actor_id)
        select ord.id, 'placed', p_now, 'buyer', p_user from ord
      ),
      mailed as (
        insert into outbox (kind, recipient, order_id, payload, dedupe_key, created_at, next_attempt_at)
        select 'order_placed', ord.buyer_email, ord.id, ${sql.lit(JSON.stringify({ actor: 'buyer', note: null }))},
          ${sql.lit(orderMailKeyPrefix('placed'))} || ord.id, p_now, p_now
        from ord
      ),
      written as (
        insert into order_line (order_id, line_no, tool_id, tool_name, sku, quantity, unit_price_cents)
        select ord.id, taken.line_no, taken.tool_id, taken.tool_name, taken.sku, taken.quantity, taken.unit_price_cents
        from ord, taken
        returning *
      )
      select to_jsonb(ord) || jsonb_build_object('lines', (select jsonb_agg(w order by w.line_no) from written w))
      into p_placed
      from ord;
      -- Not placed: undoes what this order wrote.
      if p_placed is null then raise exception 'toolsify: order refused'; end if;
      select p_taken || jsonb_object_agg(tool_id, coalesce((p_taken ->> tool_id::text)::integer, 0) + quantity)
      into p_taken
      from unnest(p_tools, p_quantities) as line (tool_id, quantity);
      return next p_placed;
    exception
      when unique_violation then return next '{"failed": "unique_violation"}'::jsonb;
      when raise_exception then
        if sqlerrm <> 'toolsify: order refused' then raise; end if;
        p_refused := true;
        return next '{"failed": "refused"}'::jsonb;
    end;
  end loop;
  -- The tools, in id order (held already when lock_first), then checked: were the group's orders
  -- decided on the rows as they are now, each still decided the same? Every field the decisions
  -- read unchanged, the stock enough for what the group took, and, when an order was refused,
  -- no more stock than the group read (with more, it might have been placed).
  ${lockGroupTools}
  if exists (
    select 1 from unnest(p_seen) s left join tool t on t.id = s.id
    where t.id is null
      or (${decidingFields('t')}) is distinct from (${decidingFields('s')})
      or t.available < coalesce((p_taken ->> s.id::text)::integer, 0)
      or (p_refused and t.available > s.available)
  ) then
    -- Nothing of the group stays; the caller runs it again with lock_first.
    raise exception ${sql.lit(TOOLS_CHANGED)} using errcode = '40001';
  end if;
  -- The stock of each tool, once for the whole group (CHECK available >= 0 backs it).
  update tool set available = tool.available - taken.quantity, updated_at = p_now
  from (select key::integer as id, value::integer as quantity from jsonb_each_text(p_taken)) taken
  where tool.id = taken.id;
end`.compile(db);
  if (body.parameters.length > 0) throw new Error('the placing function must not take parameters');
  const name = `toolsify_place_orders_${hash('sha1', body.sql, 'hex').slice(0, 12)}`;
  const create = `create function ${name}(orders jsonb, lock_first boolean) returns setof jsonb language plpgsql as $place$${body.sql}$place$`;
  return { name, create };
}

/** The placing function of each PostgreSQL database, created once per process (see postgresPlacingFunction). */
const placingFunctions = new WeakMap<Kysely<Database>, Promise<string>>();

function placingFunctionOf(db: Kysely<Database>): Promise<string> {
  let ready = placingFunctions.get(db);
  if (!ready) {
    ready = db.transaction().execute(async (trx) => {
      const { name, create } = postgresPlacingFunction(db);
      // Servers starting together: one creates it, the others find it.
      await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
      const found = await sql`select 1 from pg_proc where proname = ${name} and pronamespace = current_schema()::regnamespace`.execute(trx);
      if (found.rows.length === 0) await sql.raw(create).execute(trx);
      return name;
    });
    placingFunctions.set(db, ready);
    // A failure (the database away) is not kept: the next placement tries again.
    ready.catch(() => placingFunctions.delete(db));
  }
  return ready;
}

/** An order row as the placing function answers it (to_jsonb): its times as text, the driver's Dates made of them. */
function orderRowOf(json: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) row[key] = key.endsWith('_at') && typeof value === 'string' ? new Date(value) : value;
  return row as unknown as OrderRow;
}

/** A unique index refused the order's idempotency key: the error the service knows (isUniqueViolation). */
function idempotencyKeyTaken(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "orders_user_idempotency_key"'), { code: '23505' });
}

/**
 * The tool's fields an order's decision reads besides its stock (takeable, unitPriceSql, the
 * line's name and SKU): the placing function's copy of the group's tools holds them, and its
 * check compares them with the locked rows (decision 024). A field takeable comes to read goes
 * here too.
 */
const DECIDING_FIELDS = ['name', 'sku', 'minimum', 'max_per_order', 'pack_size', 'deleted_at', 'price_cents', 'price_breaks'] as const;

/** The placing function's error when its tools changed while its orders were decided (postgresPlacingFunction). */
const TOOLS_CHANGED = 'toolsify: the tools changed while the group was decided';

/** How many PostgreSQL groups were run again with their tools locked first (decision 024), per database. */
const placingRetries = new WeakMap<Kysely<Database>, number>();
export const postgresGroupsRunAgain = (db: Kysely<Database>): number => placingRetries.get(db) ?? 0;

/**
 * Places `orders` on PostgreSQL in one statement (postgresPlacingFunction): one outcome per
 * order, in their order. Decided on the tools as read; when they changed meanwhile, decided
 * again with them locked first (decision 024).
 */
async function placeOnPostgres(db: Kysely<Database>, orders: readonly OrderRequest[]): Promise<Array<Outcome<Placed>>> {
  try {
    return await placeOnPostgresOnce(db, orders, false);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code !== '40001' || message !== TOOLS_CHANGED) throw error;
    placingRetries.set(db, postgresGroupsRunAgain(db) + 1);
    return placeOnPostgresOnce(db, orders, true);
  }
}

async function placeOnPostgresOnce(
  db: Kysely<Database>,
  orders: readonly OrderRequest[],
  lockFirst: boolean,
): Promise<Array<Outcome<Placed>>> {
  const name = await placingFunctionOf(db);
  const now = nowIso();
  const input = orders.map((order) => ({
    userId: order.userId,
    tools: order.lines.map((line) => line.toolId),
    quantities: order.lines.map((line) => line.quantity),
    expected: order.lines.map((line) => line.expectedUnitPriceCents ?? null),
    buyerEmail: order.buyerEmail,
    buyerName: order.buyerName,
    phone: order.phone,
    address: order.address,
    poNumber: order.poNumber,
    idempotencyKey: order.idempotencyKey,
    maxUnpaidOrders: order.maxUnpaidOrders,
    now,
  }));
  const { rows } = await sql<{
    placed: Record<string, unknown>;
  }>`/* prepared place_orders */ select ${sql.id(name)}(${JSON.stringify(input)}::jsonb, ${lockFirst}) as placed`
    .execute(db)
    .catch((error: unknown) => {
      // The function is gone (dropped by hand, the schema restored from a dump without it):
      // the next group creates it again.
      if ((error as { code?: string }).code === '42883') placingFunctions.delete(db);
      throw error;
    });
  return rows.map(({ placed }): Outcome<Placed> => {
    if (placed.failed === 'refused') return { ok: false, error: new OrderRefused() };
    if (placed.failed === 'unique_violation') return { ok: false, error: idempotencyKeyTaken() };
    const { lines, ...row } = placed as Record<string, unknown> & { lines: OrderLineRow[] };
    return { ok: true, value: { row: orderRowOf(row), lines } };
  });
}

/**
 * Moves an order from one status to another only if it is still in `from`: of two racing
 * changes (cancel and pay, two cancels) exactly one wins. Answers the updated row, or
 * undefined when the order was not in `from`. A shipment stores its carrier and tracking number.
 */
/** A shipped order's carrier and tracking number, set anew; undefined when it is not shipped (any more). */
export async function updateShipment(
  db: Db,
  id: number,
  shipment: { carrier: string | null; trackingNumber: string | null },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ carrier: shipment.carrier, tracking_number: shipment.trackingNumber, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'shipped')
    .returningAll()
    .executeTakeFirst();
}

export async function transitionOrder(
  db: Db,
  id: number,
  from: OrderStatus,
  to: Exclude<OrderStatus, 'paid' | 'unpaid'>,
  shipment?: { carrier: string | null; trackingNumber: string | null },
): Promise<OrderRow | undefined> {
  const now = nowIso();
  return (
    db
      .updateTable('orders')
      .set({
        status: to,
        updated_at: now,
        ...(to === 'cancelled' ? { cancelled_at: now } : {}),
        ...(to === 'shipped' ? { shipped_at: now } : {}),
        ...(to === 'shipped' && shipment ? { carrier: shipment.carrier, tracking_number: shipment.trackingNumber } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      // An order whose money is on its way back is not shipped (decision 025): the mark is on this row.
      .$if(to === 'shipped', (qb) => qb.where('refund_requested_at', 'is', null))
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Marks a paid order as being refunded, by `adminId` for `reason` (decision 025). A refund asked
 * for already (a crash or an unreachable gateway left it) keeps its first mark, reason and admin:
 * the retry finishes that refund. Undefined when the order is not paid.
 */
export async function claimRefund(db: Db, id: number, adminId: string, reason: string | null): Promise<OrderRow | undefined> {
  const now = nowIso();
  return db
    .updateTable('orders')
    .set({
      refund_requested_at: sql<string>`coalesce(refund_requested_at, ${now})`,
      refund_requested_by: sql<string>`coalesce(refund_requested_by, ${adminId})`,
      refund_reason: sql<string | null>`case when refund_requested_at is null then ${reason} else refund_reason end`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .returningAll()
    .executeTakeFirst();
}

/** Paid orders whose refund was asked for before `cutoff` and never finished, oldest first (at most `limit`). */
export async function findPendingRefundsBefore(db: Db, cutoff: string, limit: number): Promise<OrderRow[]> {
  return (
    db
      .selectFrom('orders')
      .selectAll()
      // The partial index's condition (migration 043), then what it orders by.
      .where('refund_requested_at', 'is not', null)
      .where('refund_id', 'is', null)
      .where('refund_requested_at', '<', cutoff)
      .where('status', '=', 'paid')
      .orderBy('refund_requested_at')
      .limit(limit)
      .execute()
  );
}

/** The order a gateway refund was made for, if any. */
export async function findOrderByRefundId(db: Db, refundId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('refund_id', '=', refundId).executeTakeFirst();
}

/**
 * Takes a refund's mark back when the gateway refused it: the order is paid and can ship again,
 * as it was before the mark (`updatedAt`, its time of change then): a refused refund changed nothing.
 */
export async function releaseRefund(db: Db, id: number, updatedAt: OrderRow['updated_at']): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refund_requested_at: null, refund_requested_by: null, refund_reason: null, updated_at: toIso(updatedAt) })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

/** The refunded order cancelled, with its gateway refund: once (undefined if it is no longer a paid order being refunded). */
export async function completeRefund(db: Db, id: number, refundId: string): Promise<OrderRow | undefined> {
  const now = nowIso();
  return db
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now, refund_id: refundId, refunded_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where('refund_requested_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}
