import { orderStatuses } from '@toolsify/shared/orders';
import {
  addDays,
  dayOf,
  daysIn,
  statsRangeOf,
  TOP_BUYERS,
  TOP_CATEGORIES,
  TOP_TOOLS,
  type Stats,
  type StatsQuery,
} from '@toolsify/shared/stats';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { countLowStockTools } from '../tools/tools.repository.ts';
import {
  countOrdersByStatus,
  countUnpaidByAge,
  findRevenueByCategory,
  findRevenueByDay,
  findRevenueTotals,
  findTopBuyers,
  findTopTools,
  type TimeRange,
} from './stats.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * The admin's sales dashboard for a range of UTC days: revenue by the day orders were paid,
 * orders placed by status, average order value, the top tools, the revenue by category and the top buyers of the range; unpaid orders
 * by age and the low-stock count as they are now. Every figure comes from the database; the
 * reads share one snapshot (a read-only repeatable-read transaction on PostgreSQL, one read
 * transaction on SQLite), so the figures agree with each other.
 */
export async function salesStats(deps: Pick<ServiceDeps, 'db' | 'dialect'>, query: StatsQuery, now = new Date()): Promise<Stats> {
  const { from, to } = statsRangeOf(query, dayOf(now));
  const range: TimeRange = { start: `${from}T00:00:00.000Z`, end: `${addDays(to, 1)}T00:00:00.000Z` };
  const cutoffs = {
    dayAgo: new Date(now.getTime() - 24 * HOUR_MS).toISOString(),
    threeDaysAgo: new Date(now.getTime() - 72 * HOUR_MS).toISOString(),
  };
  const figures = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => ({
      totals: await findRevenueTotals(trx, range),
      byDay: await findRevenueByDay(trx, deps.dialect, range),
      byStatus: await countOrdersByStatus(trx, range),
      topTools: await findTopTools(trx, range, TOP_TOOLS),
      byCategory: await findRevenueByCategory(trx, range, TOP_CATEGORIES),
      topBuyers: await findTopBuyers(trx, range, TOP_BUYERS),
      unpaidByAge: await countUnpaidByAge(trx, cutoffs),
      lowStockTools: await countLowStockTools(trx),
    }));

  // Every day of the range is on the chart: the days the database found, the others at 0.
  const found = new Map(figures.byDay.map((d) => [d.day, d]));
  const byDay = Array.from({ length: daysIn(from, to) }, (_, i) => {
    const day = addDays(from, i);
    return found.get(day) ?? { day, revenueCents: 0, orders: 0 };
  });
  const counted = new Map(figures.byStatus.map((s) => [s.status, s.orders]));
  const ordersByStatus = Object.fromEntries(orderStatuses.map((s) => [s, counted.get(s) ?? 0])) as Stats['ordersByStatus'];

  return {
    from,
    to,
    revenue: { ...figures.totals, byDay },
    ordersByStatus,
    topTools: figures.topTools,
    byCategory: figures.byCategory,
    topBuyers: figures.topBuyers,
    unpaidByAge: figures.unpaidByAge,
    lowStockTools: figures.lowStockTools,
    generatedAt: now.toISOString(),
  };
}
