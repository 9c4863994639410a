import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '@toolsify/shared/orders';
import { dayOf, type Stats } from '@toolsify/shared/stats';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { createFixtures } from '../../test/authz-matrix.recipes.ts';
import { databaseFingerprint } from '../../test/invariants.ts';
import { insertTool } from '../tools/tools.repository.ts';
import { salesStats } from './stats.service.ts';

const HOUR = 3_600_000;

/**
 * The dashboard's figures against a fixture computed by hand: orders written with known times,
 * lines and statuses, on whichever database the suite runs on.
 */
describe('GET /api/stats', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let tools: { drill: number; saw: number; hammer: number };
  const unpaidNow: Array<{ hoursAgo: number; totalCents: number }> = [
    { hoursAgo: 2, totalCents: 1_000 },
    { hoursAgo: 25, totalCents: 2_000 },
    { hoursAgo: 47, totalCents: 3_000 },
    { hoursAgo: 96, totalCents: 4_000 },
  ];

  let skuSeq = 0;
  async function tool(name: string, priceCents: number, available: number, threshold: number | null = null): Promise<number> {
    skuSeq += 1;
    const row = await insertTool(app.db, {
      name,
      sku: `ST-${skuSeq}`,
      description: `${name} for the stats`,
      img: '/images/tools/drill.svg',
      priceCents,
      available,
      minimum: 1,
    });
    await app.db.updateTable('tool').set({ low_stock_threshold: threshold }).where('id', '=', row.id).execute();
    return row.id;
  }

  /** An order as the store would have written it: its lines, its total, and its times. */
  async function order(o: {
    status: OrderStatus;
    placed: string;
    paid?: string;
    lines: Array<[toolId: number, quantity: number, unitPriceCents: number]>;
    /** The buyer (the fixture's customer unless said), and the company copied onto the order. */
    buyer?: TestUser;
    company?: string;
  }): Promise<number> {
    const buyer = o.buyer ?? customer;
    const total = o.lines.reduce((sum, [, q, p]) => sum + q * p, 0);
    const pieces = o.lines.reduce((sum, [, q]) => sum + q, 0);
    const [first] = o.lines;
    if (!first) throw new Error('an order has lines');
    const paid = o.status === 'paid' || o.status === 'shipped';
    const row = await app.db
      .insertInto('orders')
      .values({
        user_id: buyer.id,
        tool_id: first[0],
        tool_name: 'as ordered',
        unit_price_cents: first[2],
        quantity: pieces,
        total_cents: total,
        line_count: o.lines.length,
        buyer_email: buyer.email,
        buyer_name: buyer.name,
        buyer_company: o.company ?? null,
        phone: '+1 555 0100',
        address: '1 Main Street',
        status: o.status,
        transaction_id: paid ? `pi_stats_${o.placed}` : null,
        created_at: o.placed,
        updated_at: o.paid ?? o.placed,
        paid_at: paid ? (o.paid ?? null) : null,
        cancelled_at: o.status === 'cancelled' ? o.placed : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('order_line')
      .values(
        o.lines.map(([toolId, quantity, unitPriceCents], lineNo) => ({
          order_id: row.id,
          line_no: lineNo,
          tool_id: toolId,
          tool_name: 'as ordered',
          sku: 'AS-ORDERED',
          quantity,
          unit_price_cents: unitPriceCents,
        })),
      )
      .execute();
    return row.id;
  }

  const stats = async (query: string, user: TestUser | null = admin) => as(app, user, { method: 'GET', url: `/api/stats${query}` });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    customer = await signUp(app, { name: 'Stats Buyer' });
    tools = {
      drill: await tool('Drill', 1_000, 50, 50), // at its threshold: low
      saw: await tool('Saw', 2_500, 51, 50), // one above: not low
      hammer: await tool('Hammer', 300, 10), // no threshold: never low
    };
    await app.db.updateTable('tool').set({ category: 'Power tools' }).where('id', 'in', [tools.drill, tools.saw]).execute();
    await tool('Empty vise', 7_000, 0, 0); // at a threshold of 0: low
    const deleted = await tool('Gone wrench', 1_100, 0, 10);
    await app.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted).execute();

    const { drill, saw, hammer } = tools;
    // The range asked below is 2025-03-01 to 2025-03-07 (UTC), both days included.
    // O1: placed the day before, paid on its first day: revenue yes, "placed in the range" no.
    await order({ status: 'paid', placed: '2025-02-28T22:00:00.000Z', paid: '2025-03-01T01:00:00.000Z', lines: [[drill, 3, 1_000]] });
    // O2: two lines, paid at the last millisecond of 03-01, since shipped.
    await order({
      status: 'shipped',
      placed: '2025-03-01T10:00:00.000Z',
      paid: '2025-03-01T23:59:59.999Z',
      lines: [
        [saw, 2, 2_500],
        [hammer, 10, 300],
      ],
    });
    // O3: paid at the first moment of 03-04, at a price break's unit price.
    await order({ status: 'paid', placed: '2025-03-03T12:00:00.000Z', paid: '2025-03-04T00:00:00.000Z', lines: [[drill, 1, 950]] });
    // O4: placed on the last day, paid the day after the range: placed yes, revenue no.
    await order({ status: 'shipped', placed: '2025-03-07T23:00:00.000Z', paid: '2025-03-08T00:30:00.000Z', lines: [[saw, 4, 2_500]] });
    // O5: cancelled; O6: unpaid since 2025 (over 3 days old now).
    await order({ status: 'cancelled', placed: '2025-03-05T08:00:00.000Z', lines: [[hammer, 5, 300]] });
    await order({ status: 'unpaid', placed: '2025-03-06T09:00:00.000Z', lines: [[hammer, 2, 300]] });
    // O7: paid at the last millisecond of the range.
    await order({ status: 'paid', placed: '2025-03-02T00:00:00.000Z', paid: '2025-03-07T23:59:59.999Z', lines: [[hammer, 7, 300]] });
    // O8: paid the millisecond before the range.
    await order({ status: 'paid', placed: '2025-02-20T00:00:00.000Z', paid: '2025-02-28T23:59:59.999Z', lines: [[drill, 100, 1_000]] });
    // Unpaid orders of now, by age (hours away from the 24 h and 72 h lines).
    const now = Date.now();
    for (const u of unpaidNow) {
      await order({
        status: 'unpaid',
        placed: new Date(now - u.hoursAgo * HOUR).toISOString(),
        lines: [[hammer, u.totalCents / 100, 100]],
      });
    }
  });
  afterAll(() => app?.close());

  it('answers the figures of the hand-computed fixture', async () => {
    const res = await stats('?from=2025-03-01&to=2025-03-07');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Stats;
    expect(body.from).toBe('2025-03-01');
    expect(body.to).toBe('2025-03-07');
    // O1 3,000 + O2 8,000 + O3 950 + O7 2,100 = 14,050 from 4 orders; 3,512.5 rounds to 3,513.
    expect(body.revenue.totalCents).toBe(14_050);
    expect(body.revenue.paidOrders).toBe(4);
    expect(body.revenue.averageOrderCents).toBe(3_513);
    expect(body.revenue.byDay).toEqual([
      { day: '2025-03-01', revenueCents: 11_000, orders: 2 },
      { day: '2025-03-02', revenueCents: 0, orders: 0 },
      { day: '2025-03-03', revenueCents: 0, orders: 0 },
      { day: '2025-03-04', revenueCents: 950, orders: 1 },
      { day: '2025-03-05', revenueCents: 0, orders: 0 },
      { day: '2025-03-06', revenueCents: 0, orders: 0 },
      { day: '2025-03-07', revenueCents: 2_100, orders: 1 },
    ]);
    // Placed in the range: O2 shipped, O3 paid, O4 shipped, O5 cancelled, O6 unpaid, O7 paid.
    expect(body.ordersByStatus).toEqual({ unpaid: 1, paid: 2, shipped: 2, cancelled: 1 });
    // Hammer 10 x 300 + 7 x 300; saw 2 x 2,500; drill 3 x 1,000 + 1 x 950.
    expect(body.topTools).toEqual([
      { toolId: tools.hammer, name: 'Hammer', sku: 'ST-3', quantity: 17, revenueCents: 5_100, orders: 2 },
      { toolId: tools.saw, name: 'Saw', sku: 'ST-2', quantity: 2, revenueCents: 5_000, orders: 1 },
      { toolId: tools.drill, name: 'Drill', sku: 'ST-1', quantity: 4, revenueCents: 3_950, orders: 2 },
    ]);
    // By the category the tools are in now: the drill's and the saw's, then the hammer's none.
    expect(body.byCategory).toEqual([
      { category: 'Power tools', quantity: 6, revenueCents: 8_950, orders: 3 },
      { category: null, quantity: 17, revenueCents: 5_100, orders: 2 },
    ]);
    // One buyer paid O1, O2, O3 and O7.
    expect(body.topBuyers).toEqual([{ email: customer.email, name: 'Stats Buyer', company: null, orders: 4, revenueCents: 14_050 }]);
    // Unpaid now: 2 h; 25 h and 47 h; 96 h and O6 (placed in 2025, 600 cents).
    expect(body.unpaidByAge).toEqual({
      underOneDay: { orders: 1, totalCents: 1_000 },
      oneToThreeDays: { orders: 2, totalCents: 5_000 },
      overThreeDays: { orders: 2, totalCents: 4_600 },
    });
    // Drill at its threshold and the empty vise at 0; not the saw (51 > 50), the hammer (none) or a deleted tool.
    expect(body.lowStockTools).toBe(2);
  });

  it('counts one day alone, and a range without a paid order as 0 with no average', async () => {
    const one = (await stats('?from=2025-03-04&to=2025-03-04')).json() as Stats;
    expect(one.revenue).toEqual({
      totalCents: 950,
      paidOrders: 1,
      averageOrderCents: 950,
      byDay: [{ day: '2025-03-04', revenueCents: 950, orders: 1 }],
    });
    expect(one.topTools).toEqual([{ toolId: tools.drill, name: 'Drill', sku: 'ST-1', quantity: 1, revenueCents: 950, orders: 1 }]);

    const empty = (await stats('?from=2024-01-01&to=2024-01-03')).json() as Stats;
    expect(empty.revenue).toEqual({
      totalCents: 0,
      paidOrders: 0,
      averageOrderCents: null,
      byDay: ['2024-01-01', '2024-01-02', '2024-01-03'].map((day) => ({ day, revenueCents: 0, orders: 0 })),
    });
    expect(empty.ordersByStatus).toEqual({ unpaid: 0, paid: 0, shipped: 0, cancelled: 0 });
    expect(empty.topTools).toEqual([]);
    expect(empty.byCategory).toEqual([]);
  });

  it('names a tool as it is named now, and lists at most 10 tools, most revenue first, ties by id', async () => {
    await app.db.updateTable('tool').set({ name: 'Drill Pro' }).where('id', '=', tools.drill).execute();
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const id = await tool(`Top ${i}`, 100, 10);
      await app.db
        .updateTable('tool')
        .set({ category: `Category ${String(i).padStart(2, '0')}` })
        .where('id', '=', id)
        .execute();
      ids.push(id);
      // Tools 0 and 1 tie at 1,000; then 900, 800...
      const cents = i < 2 ? 1_000 : 1_000 - (i - 1) * 100 + 50;
      await order({ status: 'paid', placed: '2025-05-01T08:00:00.000Z', paid: '2025-05-01T09:00:00.000Z', lines: [[id, 1, cents]] });
    }
    await order({ status: 'paid', placed: '2025-05-01T08:00:00.000Z', paid: '2025-05-01T09:00:00.000Z', lines: [[tools.drill, 2, 100]] });
    const body = (await stats('?from=2025-05-01&to=2025-05-01')).json() as Stats;
    expect(body.topTools).toHaveLength(10);
    expect(body.topTools.map((t) => t.toolId)).toEqual(ids.slice(0, 10));
    expect(body.topTools.map((t) => t.revenueCents)).toEqual([1_000, 1_000, 950, 850, 750, 650, 550, 450, 350, 250]);
    // As many categories, each its tool's: the 10 first, ties by name.
    expect(body.byCategory.map((c) => c.category)).toEqual(Array.from({ length: 10 }, (_, i) => `Category 0${i}`));

    const march = (await stats('?from=2025-03-01&to=2025-03-07')).json() as Stats;
    expect(march.topTools.find((t) => t.toolId === tools.drill)?.name).toBe('Drill Pro');
  });

  it('ranks the buyers by what their orders paid in the range, each named as their newest such order names them', async () => {
    const other = await signUp(app, { name: 'Other Buyer' });
    const { hammer } = tools;
    await order({ status: 'paid', placed: '2024-05-01T08:00:00.000Z', paid: '2024-05-01T09:00:00.000Z', lines: [[hammer, 4, 250]] });
    await order({ status: 'shipped', placed: '2024-05-01T10:00:00.000Z', paid: '2024-05-02T09:00:00.000Z', lines: [[hammer, 2, 250]] });
    await order({
      buyer: other,
      company: 'Old Name Ltd',
      status: 'paid',
      placed: '2024-05-01T07:00:00.000Z',
      paid: '2024-05-01T07:30:00.000Z',
      lines: [[hammer, 3, 300]],
    });
    await order({
      buyer: other,
      company: 'Acme Ltd',
      status: 'paid',
      placed: '2024-05-02T07:00:00.000Z',
      paid: '2024-05-02T07:30:00.000Z',
      lines: [[hammer, 3, 300]],
    });
    // Not counted: cancelled, unpaid, or paid after the range.
    await order({ buyer: other, status: 'cancelled', placed: '2024-05-01T11:00:00.000Z', lines: [[hammer, 100, 300]] });
    await order({ buyer: other, status: 'unpaid', placed: '2024-05-01T12:00:00.000Z', lines: [[hammer, 100, 300]] });
    await order({ status: 'paid', placed: '2024-05-02T12:00:00.000Z', paid: '2024-05-03T00:00:00.000Z', lines: [[hammer, 100, 300]] });
    const body = (await stats('?from=2024-05-01&to=2024-05-02')).json() as Stats;
    expect(body.topBuyers).toEqual([
      { email: other.email, name: 'Other Buyer', company: 'Acme Ltd', orders: 2, revenueCents: 1_800 },
      { email: customer.email, name: 'Stats Buyer', company: null, orders: 2, revenueCents: 1_500 },
    ]);
    expect(((await stats('?from=2024-06-01&to=2024-06-02')).json() as Stats).topBuyers).toEqual([]);
  });

  it('puts an unpaid order of exactly 24 h and of exactly 72 h in "1 to 3 days"', async () => {
    const fresh = await createTestApp();
    try {
      const buyer = await signUp(fresh);
      const toolRow = await insertTool(fresh.db, {
        name: 'Edge',
        sku: 'EDGE-1',
        description: 'Edges',
        img: '/images/tools/drill.svg',
        priceCents: 100,
        available: 100,
        minimum: 1,
      });
      const now = new Date('2026-06-10T12:00:00.000Z');
      const ages = [24 * HOUR - 1, 24 * HOUR, 72 * HOUR, 72 * HOUR + 1];
      for (const age of ages) {
        const at = new Date(now.getTime() - age).toISOString();
        const row = await fresh.db
          .insertInto('orders')
          .values({
            user_id: buyer.id,
            tool_id: toolRow.id,
            tool_name: 'Edge',
            unit_price_cents: 100,
            quantity: 1,
            total_cents: 100,
            buyer_email: buyer.email,
            buyer_name: buyer.name,
            phone: '+1 555 0100',
            address: '1 Main Street',
            status: 'unpaid',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await fresh.db
          .insertInto('order_line')
          .values({
            order_id: row.id,
            line_no: 0,
            tool_id: toolRow.id,
            tool_name: 'Edge',
            sku: 'EDGE-1',
            quantity: 1,
            unit_price_cents: 100,
          })
          .execute();
      }
      const body = await salesStats(fresh, {}, now);
      expect(body.unpaidByAge).toEqual({
        underOneDay: { orders: 1, totalCents: 100 },
        oneToThreeDays: { orders: 2, totalCents: 200 },
        overThreeDays: { orders: 1, totalCents: 100 },
      });
      // No range given: the last 30 days up to today (UTC).
      expect([body.from, body.to]).toEqual(['2026-05-12', '2026-06-10']);
      expect(body.revenue.byDay).toHaveLength(30);
    } finally {
      await fresh.close();
    }
  });

  it("counts what the store's own order, payment, shipment and cancel write, on the day they happen", async () => {
    const fresh = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    try {
      const fx = await createFixtures(fresh);
      // The day before the first order and after the last read: the same but at midnight (UTC).
      const firstDay = dayOf(new Date());
      const paid = await fx.freshPaidOrder();
      const shipped = await fx.freshPaidOrder();
      await as(fresh, fx.admin, { method: 'POST', url: `/api/orders/${shipped}/ship` });
      await fx.freshOrder();
      const cancelled = await fx.freshOrder();
      await as(fresh, fx.a, { method: 'DELETE', url: `/api/orders/${cancelled}` });
      const lastDay = dayOf(new Date());
      const res = await as(fresh, fx.admin, { method: 'GET', url: `/api/stats?from=${firstDay}&to=${lastDay}` });
      const body = res.json() as Stats;
      const totals = await fresh.db.selectFrom('orders').select(['id', 'total_cents']).where('id', 'in', [paid, shipped]).execute();
      const revenue = totals.reduce((sum, row) => sum + Number(row.total_cents), 0);
      expect(body.revenue.totalCents).toBe(revenue);
      expect(body.revenue.paidOrders).toBe(2);
      expect(body.revenue.byDay.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(revenue);
      expect(body.revenue.byDay.reduce((sum, d) => sum + d.orders, 0)).toBe(2);
      expect(body.ordersByStatus).toEqual({ unpaid: 1, paid: 1, shipped: 1, cancelled: 1 });
      expect(body.topTools.map((t) => [t.toolId, t.revenueCents])).toEqual([[fx.toolId, revenue]]);
      expect(body.unpaidByAge.underOneDay.orders).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('is for admins only: a visitor gets 401, a customer 403', async () => {
    expect((await stats('', null)).statusCode).toBe(401);
    const res = await stats('', customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('answers a bad range with a 400 naming the parameter, and changes nothing', async () => {
    const before = await databaseFingerprint(app.db);
    const cases: Array<[string, string]> = [
      ['?from=2025-3-1', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2025-02-30', 'to'],
      ['?from=2025-13-01&to=2025-13-02', 'from'],
      ['?from=1999-12-31', 'from'],
      ['?from=2025-03-08&to=2025-03-01', 'to'],
      ['?from=2024-01-01&to=2025-01-01', 'to'],
      ['?from=2025-03-01&from=2025-03-02', 'from'],
      ['?since=2025-03-01', 'since'],
      [`?from=${'9'.repeat(5000)}`, 'from'],
    ];
    for (const [query, field] of cases) {
      const res = await stats(query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code, query).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields), query).toContain(field);
    }
    // 366 days is the most: 2024 was a leap year.
    expect((await stats('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});
