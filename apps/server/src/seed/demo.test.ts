import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { checkQuantity } from '@toolsify/shared/orders';
import { unitPriceFor } from '@toolsify/shared/pricing';
import type { Stats } from '@toolsify/shared/stats';
import type { ToolPage } from '@toolsify/shared/tools';
import { DEFAULT_UNPAID_ORDER_TTL_HOURS } from '../config.ts';
import { expireUnpaidOrders } from '../modules/orders/orders.service.ts';
import { as, createTestApp, signUpAdmin } from '../test/helpers.ts';
import { assertInvariants } from '../test/invariants.ts';
import { demoTools } from './demo-data.ts';
import { DEMO_DAYS, planDemoOrders, type DemoTool } from './demo-orders.ts';
import { seedDemoData } from './demo.ts';

const HOUR = 3_600_000;
const tools: readonly DemoTool[] = demoTools;

describe('the demo orders', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('are orders the store could have taken: whole packs within the rules, priced by the breaks, in time order', () => {
    const now = new Date('2026-03-18T15:30:00.000Z');
    const orders = planDemoOrders(now, demoTools);
    expect(orders.length).toBeGreaterThan(60);
    // Every rule, checked on every order; what breaks one is listed.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const [n, order] of orders.entries()) {
      check(order.lines.length > 0, `order ${n} has no line`);
      check(new Set(order.lines.map((l) => l.tool)).size === order.lines.length, `order ${n} lists a tool twice`);
      for (const line of order.lines) {
        const tool = tools[line.tool];
        if (!tool) {
          problems.push(`order ${n}: no tool ${line.tool}`);
          continue;
        }
        const rule = checkQuantity(line.quantity, { ...tool, available: Number.MAX_SAFE_INTEGER });
        check(rule === null, `order ${n}: ${line.quantity} of ${tool.sku}: ${rule?.message}`);
        const price = unitPriceFor({ priceCents: tool.priceCents, priceBreaks: tool.priceBreaks ?? [] }, line.quantity);
        check(line.unitPriceCents === price, `order ${n}: ${tool.sku} at ${line.unitPriceCents}, not ${price}`);
        // A sold-out tool is never held by an order that could give its stock back.
        check(tool.available > 0 || order.status === 'paid' || order.status === 'shipped', `order ${n} holds sold-out ${tool.sku}`);
      }
      const placed = order.placedAt.getTime();
      const paid = order.paidAt?.getTime();
      const shipped = order.shippedAt?.getTime();
      check(placed > now.getTime() - DEMO_DAYS * 24 * HOUR && placed < now.getTime(), `order ${n} placed out of the weeks`);
      check((paid !== undefined) === (order.status === 'paid' || order.status === 'shipped'), `order ${n}: paid time vs ${order.status}`);
      check((shipped !== undefined) === (order.status === 'shipped'), `order ${n}: shipped time vs ${order.status}`);
      check((order.cancelledAt !== null) === (order.status === 'cancelled'), `order ${n}: cancelled time vs ${order.status}`);
      check(paid === undefined || (paid > placed && paid < now.getTime()), `order ${n} paid before placed or in the future`);
      check(shipped === undefined || (paid !== undefined && shipped > paid && shipped < now.getTime()), `order ${n} shipped out of order`);
      // Unpaid ones are younger than the store's default expiry, which would have cancelled them;
      // the cancelled ones were cancelled by it.
      const expiry = DEFAULT_UNPAID_ORDER_TTL_HOURS * HOUR;
      check(order.status !== 'unpaid' || now.getTime() - placed < expiry, `order ${n} unpaid for longer than the expiry`);
      const cancelled = order.cancelledAt?.getTime();
      check(
        cancelled === undefined || (cancelled >= placed + expiry && cancelled < placed + expiry + HOUR),
        `order ${n} not cancelled by the expiry`,
      );
    }
    expect(problems).toEqual([]);
    const statuses = new Set(orders.map((o) => o.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'paid', 'shipped', 'unpaid']);
    // The same moment gives the same demo.
    expect(planDemoOrders(now, demoTools)).toEqual(orders);
  });

  it('have unpaid orders the expiry has not reached, whatever the day and hour the store is started', () => {
    const expiry = DEFAULT_UNPAID_ORDER_TTL_HOURS * HOUR;
    // Two weeks, every 5 hours: Monday mornings after a quiet weekend among them.
    for (let start = Date.parse('2026-11-02T00:00:00.000Z'); start < Date.parse('2026-11-16T00:00:00.000Z'); start += 5 * HOUR) {
      const now = new Date(start);
      const unpaid = planDemoOrders(now, demoTools).filter((order) => order.status === 'unpaid');
      expect(unpaid.length, now.toISOString()).toBeGreaterThan(0);
      expect(unpaid.filter((order) => now.getTime() - order.placedAt.getTime() >= expiry - HOUR)).toEqual([]);
    }
  });

  it('fill an empty store once, keep every invariant, and leave the demo stock as written', async () => {
    app = await createTestApp();
    const admin = await signUpAdmin(app);
    expect(await seedDemoData(app.db)).toBe(true);
    expect(await seedDemoData(app.db)).toBe(false);
    await assertInvariants(app.db);
    // A store started with the demo and the default expiry cancels none of its orders at once
    // (nor mails their buyers about it).
    expect(await expireUnpaidOrders(app, new Date(Date.now() - DEFAULT_UNPAID_ORDER_TTL_HOURS * HOUR))).toBe(0);

    const page = (await app.inject({ url: '/api/tools?limit=100' })).json() as ToolPage;
    const stock = Object.fromEntries(page.items.map((t) => [t.sku, t.available]));
    expect(stock).toEqual(Object.fromEntries(demoTools.map((t) => [t.sku, t.available])));

    // The dashboard is not empty on first start.
    const res = await as(app, admin, { method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json() as Stats;
    expect(stats.revenue.paidOrders).toBeGreaterThan(20);
    expect(stats.revenue.totalCents).toBeGreaterThan(0);
    expect(stats.revenue.byDay.filter((d) => d.revenueCents > 0).length).toBeGreaterThan(15);
    expect(stats.topTools).toHaveLength(10);
    expect(stats.ordersByStatus.shipped).toBeGreaterThan(0);
    expect(stats.ordersByStatus.cancelled).toBeGreaterThan(0);
    expect(stats.unpaidByAge.underOneDay.orders + stats.unpaidByAge.oneToThreeDays.orders).toBeGreaterThan(0);
    expect(stats.lowStockTools).toBe(3);

    // Paid orders are numbered in the order they were paid, from 1, without a gap.
    const invoiced = await app.db
      .selectFrom('orders')
      .select(['invoice_number', 'paid_at'])
      .where('invoice_number', 'is not', null)
      .orderBy('paid_at')
      .execute();
    expect(invoiced.length).toBe(stats.revenue.paidOrders + (await countPaidBefore(app, stats.from)));
    const numbers = invoiced.map((o) => o.invoice_number!);
    expect([...numbers].sort()).toEqual(numbers);
  });

  it('number invoices per year when the weeks cross a new year', async () => {
    app = await createTestApp();
    await signUpAdmin(app);
    expect(await seedDemoData(app.db, new Date('2026-01-12T10:00:00.000Z'))).toBe(true);
    await assertInvariants(app.db);
    const counters = await app.db.selectFrom('invoice_counter').selectAll().orderBy('year').execute();
    expect(counters.map((c) => c.year)).toEqual([2025, 2026]);
    const first2026 = await app.db.selectFrom('orders').select('invoice_number').where('invoice_number', '=', 'INV-2026-000001').execute();
    expect(first2026).toHaveLength(1);
  });
});

/** Paid orders paid before `day` (the demo goes back further than the dashboard's 30 days). */
async function countPaidBefore(app: FastifyInstance, day: string): Promise<number> {
  const row = await app.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('paid_at', '<', `${day}T00:00:00.000Z`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
