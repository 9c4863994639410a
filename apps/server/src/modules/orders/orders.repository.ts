import { sql } from 'kysely';
import { statusFlags, type Order, type OrderStatus } from '@toolsify/shared/orders';
import { lineTotalCents } from '@toolsify/shared/money';
import { MAX_CARD_PAYMENT_CENTS } from '@toolsify/shared/payments';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, toIso, TOOL_COLUMNS, type OrderRow, type ToolRow, type Db } from '../../db/schema.ts';
import { OPEN_INTENT_STATUSES } from '../payments/payments.repository.ts';

/**
 * The API's order. An unpaid order says when UNPAID_ORDER_TTL_HOURS cancels it (`expiresAt`,
 * null when paid, cancelled or when expiry is off); the sweep runs every few minutes after that.
 */
export function toOrder(row: OrderRow, unpaidTtlHours: number): Order {
  const createdAt = toIso(row.created_at);
  return {
    id: row.id,
    toolId: row.tool_id,
    tool: row.tool_name,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    totalCents: lineTotalCents(row.unit_price_cents, row.quantity),
    buyer: row.buyer_email,
    buyerName: row.buyer_name,
    phone: row.phone,
    address: row.address,
    status: row.status,
    ...statusFlags(row.status),
    transactionId: row.transaction_id,
    createdAt,
    expiresAt:
      row.status === 'unpaid' && unpaidTtlHours > 0 ? new Date(Date.parse(createdAt) + unpaidTtlHours * 3_600_000).toISOString() : null,
  };
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByIdempotencyKey(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** Orders newest first, `limit` after the cursor (an id), of one buyer or of everyone. */
export async function findOrdersPage(
  db: Db,
  options: { userId?: string; statuses: readonly OrderStatus[]; limit: number; cursor?: number | undefined },
): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [...options.statuses]);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.cursor !== undefined) query = query.where('id', '<', options.cursor);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
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
 * The unpaid orders of a tool, oldest first; with `openPayment: false`, only those with no
 * payment under way (no open payment intent), which may be cancelled without the gateway.
 */
export async function findUnpaidOrdersOfTool(db: Db, toolId: number, options: { openPayment?: false } = {}): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('tool_id', '=', toolId).where('status', '=', 'unpaid');
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
  const row = await unpaidOrdersOf(db, userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

function unpaidOrdersOf(db: Db, userId: string) {
  // The status as a literal, not a parameter: so both planners can match the partial index.
  return db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', sql.lit('unpaid'));
}

/** A live (not deleted) tool. */
export async function findLiveTool(db: Db, id: number): Promise<ToolRow | undefined> {
  return db.selectFrom('tool').select(TOOL_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * THE update that takes `quantity` pieces of a live tool's stock, only if the quantity meets the
 * tool's quantity rule (DESIGN.md decision 3; the shared checkQuantity: at least the minimum, at
 * most the maximum per order and the stock, whole packs), only if the order can be paid by
 * card (a price above $0, a total of at most MAX_CARD_PAYMENT_CENTS at the quantity's unit
 * price), and only while the buyer holds fewer than `maxUnpaidOrders` unpaid orders (0: no
 * cap); the caller says what it returns (`unitPriceSql` is the quantity's price). It changes no
 * row when nothing may be taken.
 *
 * The cap is a condition of this same update rather than a read before it, so placing an
 * order stays one statement on PostgreSQL (decision 005), and the count (an index of unpaid
 * orders only) adds no round trip. On SQLite transactions run one at a time, so it is exact.
 * On PostgreSQL (READ COMMITTED) a statement counts the orders committed when it started, so
 * two statements of one buyer at the same moment could both see room for the last order: the
 * service runs a buyer's placements one at a time per process (placeOrder).
 */
function takeStock(db: Db, dialect: DialectName, order: Pick<OrderRequest, 'toolId' | 'quantity' | 'userId' | 'maxUnpaidOrders'>) {
  const { toolId, quantity } = order;
  let update = db
    .updateTable('tool')
    .set((eb) => ({ available: eb('available', '-', quantity), updated_at: nowIso() }))
    .where('id', '=', toolId)
    .where('available', '>=', quantity)
    .where('minimum', '<=', quantity)
    .where((eb) => eb.or([eb('max_per_order', 'is', null), eb('max_per_order', '>=', quantity)]))
    .where(sql<number>`${quantity} % pack_size`, '=', 0)
    .where('deleted_at', 'is', null)
    .where('price_cents', '>', 0)
    // unit price x quantity <= the maximum, said without a multiplication the database could overflow.
    .where(unitPriceSql(dialect, quantity), '<=', Math.floor(MAX_CARD_PAYMENT_CENTS / quantity));
  if (order.maxUnpaidOrders > 0) {
    update = update.where((eb) => eb(unpaidOrdersOf(db, order.userId), '<', order.maxUnpaidOrders));
  }
  return update;
}

/**
 * The shared price rule (unitPriceFor) in SQL, for a statement on the tool table: the price of
 * the highest break whose minQuantity is at most `quantity`, else the base price. It prices the
 * order in the same statement that takes the stock, from the row it takes it from; a property
 * test (orders.pricing.test.ts) holds it to unitPriceFor.
 */
export function unitPriceSql(dialect: DialectName, quantity: number) {
  return dialect === 'postgres'
    ? sql<number>`coalesce((
        select (b ->> 'unitPriceCents')::integer from jsonb_array_elements(tool.price_breaks) b
        where (b ->> 'minQuantity')::integer <= ${quantity}
        order by (b ->> 'minQuantity')::integer desc limit 1
      ), tool.price_cents)`
    : sql<number>`coalesce((
        select b.value ->> '$.unitPriceCents' from json_each(tool.price_breaks) b
        where b.value ->> '$.minQuantity' <= ${quantity}
        order by b.value ->> '$.minQuantity' desc limit 1
      ), tool.price_cents)`;
}

/** Puts `quantity` pieces back (a cancelled order), whether or not the tool was deleted since. */
export async function returnStock(db: Db, toolId: number, quantity: number): Promise<void> {
  await db
    .updateTable('tool')
    .set((eb) => ({ available: eb('available', '+', quantity), updated_at: nowIso() }))
    .where('id', '=', toolId)
    .execute();
}

export interface NewOrder {
  userId: string;
  toolId: number;
  toolName: string;
  unitPriceCents: number;
  quantity: number;
  buyerEmail: string;
  buyerName: string;
  phone: string;
  address: string;
  idempotencyKey: string | null;
}

export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow> {
  const now = nowIso();
  return db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      tool_id: order.toolId,
      tool_name: order.toolName,
      unit_price_cents: order.unitPriceCents,
      quantity: order.quantity,
      buyer_email: order.buyerEmail,
      buyer_name: order.buyerName,
      phone: order.phone,
      address: order.address,
      status: 'unpaid',
      idempotency_key: order.idempotencyKey,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type OrderRequest = Omit<NewOrder, 'toolName' | 'unitPriceCents'> & {
  /** MAX_UNPAID_ORDERS_PER_BUYER: refused when the buyer already holds this many; 0: no cap. */
  maxUnpaidOrders: number;
};

/**
 * SQLite's half of placing an order, run in the service's transaction with insertOrder: takes
 * the stock and answers the tool's name and the quantity's unit price as the update found them
 * (undefined: nothing taken). SQLite has no UPDATE in WITH, so it cannot be one statement there.
 */
export async function takeStockForOrder(trx: Db, order: OrderRequest): Promise<{ name: string; unit_price_cents: number } | undefined> {
  return takeStock(trx, 'sqlite', order)
    .returning(['name', unitPriceSql('sqlite', order.quantity).as('unit_price_cents')])
    .executeTakeFirst();
}

/**
 * PostgreSQL's way of placing an order: takeStock and the insert as one statement (a
 * data-modifying WITH), atomic without a transaction's four round trips; the name and price
 * come from the row the stock was taken from. Answers undefined when no stock was taken; a
 * repeated idempotency key fails the whole statement (nothing taken).
 */
export async function insertOrderTakingStock(db: Db, order: OrderRequest): Promise<OrderRow | undefined> {
  const now = nowIso();
  return db
    .with('taken', () =>
      takeStock(db, 'postgres', order).returning(['id', 'name', unitPriceSql('postgres', order.quantity).as('unit_price_cents')]),
    )
    .insertInto('orders')
    .columns([
      'user_id',
      'tool_id',
      'tool_name',
      'unit_price_cents',
      'quantity',
      'buyer_email',
      'buyer_name',
      'phone',
      'address',
      'status',
      'idempotency_key',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb.selectFrom('taken').select((s) => [
        // Parameters in a select list have no column to take their type from: name it.
        s.cast<string>(s.val(order.userId), 'text').as('user_id'),
        'taken.id as tool_id',
        'taken.name as tool_name',
        'taken.unit_price_cents',
        s.cast<number>(s.val(order.quantity), 'integer').as('quantity'),
        s.cast<string>(s.val(order.buyerEmail), 'text').as('buyer_email'),
        s.cast<string>(s.val(order.buyerName), 'text').as('buyer_name'),
        s.cast<string>(s.val(order.phone), 'text').as('phone'),
        s.cast<string>(s.val(order.address), 'text').as('address'),
        s.cast<string>(s.val('unpaid'), 'text').as('status'),
        s.cast<string | null>(s.val(order.idempotencyKey), 'text').as('idempotency_key'),
        s.cast<string>(s.val(now), 'timestamptz').as('created_at'),
        s.cast<string>(s.val(now), 'timestamptz').as('updated_at'),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves an order from one status to another only if it is still in `from`: of two racing
 * changes (cancel and pay, two cancels) exactly one wins. Answers the updated row, or
 * undefined when the order was not in `from`.
 */
export async function transitionOrder(
  db: Db,
  id: number,
  from: OrderStatus,
  to: Exclude<OrderStatus, 'paid' | 'unpaid'>,
): Promise<OrderRow | undefined> {
  const now = nowIso();
  return db
    .updateTable('orders')
    .set({
      status: to,
      updated_at: now,
      ...(to === 'cancelled' ? { cancelled_at: now } : {}),
      ...(to === 'shipped' ? { shipped_at: now } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
