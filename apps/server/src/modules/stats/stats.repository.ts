import { sql } from 'kysely';
import type { OrderStatus } from '@toolsify/shared/orders';
import type { DialectName } from '../../db/connect.ts';
import type { Db } from '../../db/schema.ts';

/**
 * The sales dashboard's figures, each one query that the database answers with the figure
 * itself (sums, counts, averages, groups): no order is read into the server. A range is
 * `[start, end)` in ISO times: `start` the first moment of its first day, `end` the first
 * moment after its last day. Timestamps are ISO text on SQLite (compared as text, which orders
 * them as times) and timestamptz on PostgreSQL.
 */
export interface TimeRange {
  start: string;
  end: string;
}

/** Paid orders: paid, or paid and since shipped (a cancelled order was never paid). */
const PAID_STATUSES = ['paid', 'shipped'] as const satisfies readonly OrderStatus[];

/** The UTC day of the order's payment, as YYYY-MM-DD text. */
function paidDay(dialect: DialectName) {
  return dialect === 'postgres' ? sql<string>`to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(paid_at, 1, 10)`;
}

function paidIn(db: Db, range: TimeRange) {
  return db.selectFrom('orders').where('status', 'in', PAID_STATUSES).where('paid_at', '>=', range.start).where('paid_at', '<', range.end);
}

/** Revenue of the orders paid in the range, how many they are and their average, rounded to the cent. */
export async function findRevenueTotals(
  db: Db,
  range: TimeRange,
): Promise<{ totalCents: number; paidOrders: number; averageOrderCents: number | null }> {
  const row = await paidIn(db, range)
    .select([
      sql<number | string>`count(*)`.as('orders'),
      sql<number | string>`coalesce(sum(total_cents), 0)`.as('total'),
      sql<number | string | null>`round(avg(total_cents))`.as('average'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalCents: Number(row.total),
    paidOrders: Number(row.orders),
    averageOrderCents: row.average === null ? null : Number(row.average),
  };
}

/** Revenue and paid orders per UTC day of payment, days without a payment left out, oldest first. */
export async function findRevenueByDay(
  db: Db,
  dialect: DialectName,
  range: TimeRange,
): Promise<Array<{ day: string; revenueCents: number; orders: number }>> {
  const day = paidDay(dialect);
  const rows = await paidIn(db, range)
    .select([day.as('day'), sql<number | string>`sum(total_cents)`.as('revenue'), sql<number | string>`count(*)`.as('orders')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, revenueCents: Number(row.revenue), orders: Number(row.orders) }));
}

/** How many of the orders placed in the range are in each status now. */
export async function countOrdersByStatus(db: Db, range: TimeRange): Promise<Array<{ status: OrderStatus; orders: number }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', sql<number | string>`count(*)`.as('orders')])
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders) }));
}

/** The lines of the orders paid in the range, with their tools. */
function paidLines(db: Db, range: TimeRange) {
  return db
    .selectFrom('order_line as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('tool as t', 't.id', 'l.tool_id')
    .where('o.status', 'in', PAID_STATUSES)
    .where('o.paid_at', '>=', range.start)
    .where('o.paid_at', '<', range.end);
}

/** A group of lines' revenue, each line at the unit price it was charged. */
const lineRevenue = sql<number | string>`sum(cast(l.quantity as bigint) * l.unit_price_cents)`;
/** A group of lines' pieces, revenue and orders. */
const lineFigures = [
  sql<number | string>`sum(l.quantity)`.as('quantity'),
  lineRevenue.as('revenue'),
  sql<number | string>`count(distinct l.order_id)`.as('orders'),
] as const;
const figuresOf = (row: { quantity: number | string; revenue: number | string; orders: number | string }) => ({
  quantity: Number(row.quantity),
  revenueCents: Number(row.revenue),
  orders: Number(row.orders),
});

/**
 * The tools whose lines in orders paid in the range brought the most revenue: pieces sold,
 * revenue and how many orders, most revenue first (then the tool id). Named as the tool is named
 * now (a deleted tool keeps its row).
 */
export async function findTopTools(
  db: Db,
  range: TimeRange,
  limit: number,
): Promise<Array<{ toolId: number; name: string; sku: string; quantity: number; revenueCents: number; orders: number }>> {
  const rows = await paidLines(db, range)
    .select(['l.tool_id', 't.name', 't.sku', ...lineFigures])
    .groupBy(['l.tool_id', 't.name', 't.sku'])
    .orderBy(lineRevenue, 'desc')
    .orderBy('l.tool_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ toolId: row.tool_id, name: row.name, sku: row.sku, ...figuresOf(row) }));
}

/**
 * The lines of orders paid in the range by the category their tools are in now (null: none):
 * pieces, revenue and orders, most revenue first (then by name), at most `limit` categories.
 */
export async function findRevenueByCategory(
  db: Db,
  range: TimeRange,
  limit: number,
): Promise<Array<{ category: string | null; quantity: number; revenueCents: number; orders: number }>> {
  const rows = await paidLines(db, range)
    .select(['t.category', ...lineFigures])
    .groupBy('t.category')
    .orderBy(lineRevenue, 'desc')
    .orderBy(sql`coalesce(t.category, '')`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ category: row.category, ...figuresOf(row) }));
}

/**
 * The buyers whose orders paid in the range brought the most revenue: how many orders and what
 * they paid, most first (then the buyer's id), named as their newest such order names them (its
 * email, name and company, copied onto it when it was placed).
 */
export async function findTopBuyers(
  db: Db,
  range: TimeRange,
  limit: number,
): Promise<Array<{ email: string; name: string; company: string | null; orders: number; revenueCents: number }>> {
  const revenue = sql<number | string>`sum(total_cents)`;
  const top = await paidIn(db, range)
    .select(['user_id', sql<number | string>`count(*)`.as('orders'), revenue.as('revenue'), sql<number>`max(id)`.as('newest')])
    .groupBy('user_id')
    .orderBy(revenue, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const named = new Map(
    (
      await db
        .selectFrom('orders')
        .select(['id', 'buyer_email', 'buyer_name', 'buyer_company'])
        .where(
          'id',
          'in',
          top.map((row) => Number(row.newest)),
        )
        .execute()
    ).map((row) => [row.id, row]),
  );
  return top.map((row) => {
    const order = named.get(Number(row.newest));
    return {
      email: order?.buyer_email ?? '',
      name: order?.buyer_name ?? '',
      company: order?.buyer_company ?? null,
      orders: Number(row.orders),
      revenueCents: Number(row.revenue),
    };
  });
}

type AgeBucket = { orders: number; totalCents: number };

/**
 * Unpaid orders now, by age: placed after `dayAgo` (under a day), between `threeDaysAgo` and
 * `dayAgo` (1 to 3 days, both ends included), before `threeDaysAgo` (over 3 days). Counts and
 * what they are worth.
 */
export async function countUnpaidByAge(
  db: Db,
  cutoffs: { dayAgo: string; threeDaysAgo: string },
): Promise<{ underOneDay: AgeBucket; oneToThreeDays: AgeBucket; overThreeDays: AgeBucket }> {
  const { dayAgo, threeDaysAgo } = cutoffs;
  const young = sql<boolean>`created_at > ${dayAgo}`;
  const old = sql<boolean>`created_at < ${threeDaysAgo}`;
  const middle = sql<boolean>`created_at <= ${dayAgo} and created_at >= ${threeDaysAgo}`;
  const n = (when: typeof young) => sql<number | string>`coalesce(sum(case when ${when} then 1 else 0 end), 0)`;
  const total = (when: typeof young) => sql<number | string>`coalesce(sum(case when ${when} then total_cents else 0 end), 0)`;
  const row = await db
    .selectFrom('orders')
    .select([
      n(young).as('young'),
      total(young).as('young_total'),
      n(middle).as('middle'),
      total(middle).as('middle_total'),
      n(old).as('old'),
      total(old).as('old_total'),
    ])
    // A literal, as the partial index on unpaid orders is written.
    .where('status', '=', sql.lit('unpaid'))
    .executeTakeFirstOrThrow();
  return {
    underOneDay: { orders: Number(row.young), totalCents: Number(row.young_total) },
    oneToThreeDays: { orders: Number(row.middle), totalCents: Number(row.middle_total) },
    overThreeDays: { orders: Number(row.old), totalCents: Number(row.old_total) },
  };
}
