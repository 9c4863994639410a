import { z } from 'zod';
import { dayParam } from './days.ts';

/**
 * The admin's sales dashboard (`GET /api/stats?from=&to=`). Days are calendar days in UTC,
 * written `YYYY-MM-DD`; a range holds both its ends. Every figure is computed by the database.
 */

/** The longest range one request may ask for (a leap year and a day). */
export const MAX_STATS_DAYS = 366;
/** The ranges the dashboard offers besides a custom one. */
export const statsPresets = [7, 30, 90] as const;
export type StatsPreset = (typeof statsPresets)[number];
/** Without `from` and `to`: the last 30 days, today included. */
export const DEFAULT_STATS_DAYS: StatsPreset = 30;

const DAY_MS = 86_400_000;

/** The UTC day of a moment: 2026-03-01. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** How many days a range holds, both ends included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** The last `days` days up to `today`, today included. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * `GET /api/stats`: the range, `from` and `to` (both included). Without them, the last 30
 * days; with one of them, a 30-day range that starts or ends there.
 */
export const statsQuerySchema = z
  .strictObject({ from: dayParam('from').optional(), to: dayParam('to').optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'to must be on or after from',
    path: ['to'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from > q.to || daysIn(q.from, q.to) <= MAX_STATS_DAYS, {
    message: `The range can be at most ${MAX_STATS_DAYS} days`,
    path: ['to'],
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** The range a query asks for, its missing ends filled in (today: the UTC day the server is in). */
export function statsRangeOf(query: StatsQuery, today: string): { from: string; to: string } {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  if (query.from !== undefined) return { from: query.from, to: addDays(query.from, DEFAULT_STATS_DAYS - 1) };
  return lastDays(DEFAULT_STATS_DAYS, query.to ?? today);
}

const cents = z.number().int();
const count = z.number().int().min(0);
const ageBucket = z.object({ orders: count, totalCents: cents });

export const statsSchema = z.object({
  /** The range the figures are of, both ends included. */
  from: z.string(),
  to: z.string(),
  /** Paid orders (paid or since shipped) by the day they were paid. */
  revenue: z.object({
    totalCents: cents,
    paidOrders: count,
    /** Revenue / paid orders, rounded to the cent; null without a paid order. */
    averageOrderCents: cents.nullable(),
    /** Every day of the range, oldest first (days without a payment at 0). */
    byDay: z.array(z.object({ day: z.string(), revenueCents: cents, orders: count })),
  }),
  /** Orders placed in the range, by their status now. */
  ordersByStatus: z.object({ unpaid: count, paid: count, shipped: count, cancelled: count }),
  /** The 10 tools that brought the most revenue in the range (paid orders' lines), most first. */
  topTools: z.array(
    z.object({ toolId: z.number().int(), name: z.string(), sku: z.string(), quantity: count, revenueCents: cents, orders: count }),
  ),
  /**
   * The lines of orders paid in the range by the category their tools are in now (null: none),
   * the TOP_CATEGORIES that brought the most revenue, most first.
   */
  byCategory: z.array(z.object({ category: z.string().nullable(), quantity: count, revenueCents: cents, orders: count })),
  /**
   * The TOP_BUYERS buyers whose orders paid in the range brought the most revenue, most first:
   * named as their newest such order names them (email, name, company).
   */
  topBuyers: z.array(z.object({ email: z.string(), name: z.string(), company: z.string().nullable(), orders: count, revenueCents: cents })),
  /** Unpaid orders now, by how long ago they were placed (not limited to the range). */
  unpaidByAge: z.object({ underOneDay: ageBucket, oneToThreeDays: ageBucket, overThreeDays: ageBucket }),
  /** Live tools whose stock is at or under their low-stock threshold now. */
  lowStockTools: count,
  /** When the figures were read. */
  generatedAt: z.string(),
});
export type Stats = z.infer<typeof statsSchema>;

/** How many tools the top list holds. */
export const TOP_TOOLS = 10;
/** How many categories the revenue by category holds. */
export const TOP_CATEGORIES = 10;
/** How many buyers the top buyers hold. */
export const TOP_BUYERS = 10;
