import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { expireUnpaidOrders } from './orders.service.ts';
import { makeTool, startPaying, stockOf } from './orders.test-helpers.ts';

/**
 * Orders of many tools: every line checked and priced by its tier, all or nothing, on both
 * databases (TEST_DB); cancel, expiry, deletion and payment work on every line.
 */
describe('orders of many lines', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let rival: TestUser;
  let admin: TestUser;
  const where = { phone: '+1 555 010 2030', address: '12 Main St, Springfield' };
  const place = (
    user: TestUser,
    lines: Array<{ toolId: number; quantity: number; expectedUnitPriceCents?: number }>,
    extra: Record<string, unknown> = {},
    key?: string,
  ) =>
    as(app, user, {
      method: 'POST',
      url: '/api/orders',
      payload: { lines, ...where, ...extra },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const ordersCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
    rival = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  it('places every line at its tier price, takes each line’s stock, and answers the lines and the total', async () => {
    const drill = await makeTool(app, {
      available: 500,
      minimum: 10,
      priceCents: 5_000,
      priceBreaks: [{ minQuantity: 50, unitPriceCents: 4_500 }],
    });
    const saw = await makeTool(app, { available: 100, minimum: 1, priceCents: 1_250 });
    const bits = await makeTool(app, { available: 1_000, minimum: 24, priceCents: 99, packSize: 24 });
    const res = await place(
      buyer,
      [
        { toolId: drill.id, quantity: 60 },
        { toolId: saw.id, quantity: 3 },
        { toolId: bits.id, quantity: 48 },
      ],
      { poNumber: ' PO-2026-0042 ' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      toolId: drill.id,
      tool: `${drill.name} and 2 more`,
      quantity: 111,
      unitPriceCents: null,
      totalCents: 60 * 4_500 + 3 * 1_250 + 48 * 99,
      poNumber: 'PO-2026-0042',
      status: 'unpaid',
    });
    expect(order.lines).toEqual([
      { toolId: drill.id, tool: drill.name, sku: drill.sku, quantity: 60, unitPriceCents: 4_500, totalCents: 270_000 },
      { toolId: saw.id, tool: saw.name, sku: saw.sku, quantity: 3, unitPriceCents: 1_250, totalCents: 3_750 },
      { toolId: bits.id, tool: bits.name, sku: bits.sku, quantity: 48, unitPriceCents: 99, totalCents: 4_752 },
    ]);
    expect([await stockOf(app, drill.id), await stockOf(app, saw.id), await stockOf(app, bits.id)]).toEqual([440, 97, 952]);
    // Every read has the lines too.
    expect((await as(app, buyer, { url: `/api/orders/${order.id}` })).json().lines).toHaveLength(3);
    const mine = (await as(app, buyer, { url: '/api/orders/mine' })).json().items;
    expect(mine.find((o: { id: number }) => o.id === order.id).lines).toHaveLength(3);
    // The payment takes the total.
    const started = await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` });
    expect(started.json()).toMatchObject({ amountCents: order.totalCents, order: { totalCents: order.totalCents, unitPriceCents: null } });
  });

  it('keeps the spec’s one-line answer for a one-line order placed with lines', async () => {
    const tool = await makeTool(app, { available: 50, priceCents: 700 });
    const order = (await place(buyer, [{ toolId: tool.id, quantity: 5 }])).json();
    expect(order).toMatchObject({ toolId: tool.id, tool: tool.name, quantity: 5, unitPriceCents: 700, totalCents: 3_500, poNumber: null });
  });

  it('is all or nothing: any refused line leaves every stock as it was and names each refused line', async () => {
    const a = await makeTool(app, { available: 100, minimum: 1 });
    const b = await makeTool(app, { available: 5, minimum: 1 });
    const c = await makeTool(app, { available: 100, minimum: 12, packSize: 12 });
    const before = await ordersCount();
    const res = await place(buyer, [
      { toolId: a.id, quantity: 10 },
      { toolId: b.id, quantity: 6 },
      { toolId: c.id, quantity: 30 },
      { toolId: 987_654, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'LINES_REFUSED',
      message: '3 lines cannot be ordered as they are.',
      fields: {
        'lines.1.quantity': "You cant't place order more than available quantity",
        'lines.2.quantity': 'Sold in packs of 12: choose 24 or 36.',
        'lines.3.toolId': 'This tool is not available.',
      },
    });
    expect([await stockOf(app, a.id), await stockOf(app, b.id), await stockOf(app, c.id)]).toEqual([100, 5, 100]);
    expect(await ordersCount()).toBe(before);
  });

  it('refuses an order priced otherwise than its buyer was shown, naming each such line, and takes nothing', async () => {
    const drill = await makeTool(app, { available: 500, priceCents: 5_000, priceBreaks: [{ minQuantity: 50, unitPriceCents: 4_500 }] });
    const saw = await makeTool(app, { available: 100, priceCents: 1_250 });
    const shown = [
      { toolId: drill.id, quantity: 60, expectedUnitPriceCents: 4_500 },
      { toolId: saw.id, quantity: 3, expectedUnitPriceCents: 1_250 },
    ];
    // As shown: placed at those prices.
    const placed = await place(buyer, shown);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().totalCents).toBe(60 * 4_500 + 3 * 1_250);
    // The admin raises the saw's price after the cart was read: refused, nothing taken.
    await app.db.updateTable('tool').set({ price_cents: 1_300 }).where('id', '=', saw.id).execute();
    const before = await ordersCount();
    const res = await place(buyer, shown);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'PRICE_CHANGED',
      message: 'The price of one line changed since you saw it. Check the new total and place the order again.',
      fields: { 'lines.1.expectedUnitPriceCents': 'The price is now $13.00 each, not $12.50.' },
    });
    expect([await stockOf(app, drill.id), await stockOf(app, saw.id)]).toEqual([440, 97]);
    expect(await ordersCount()).toBe(before);
    // A lower price is a change too, and so is a quantity that moved the line out of its tier.
    const lowered = await place(buyer, [
      { toolId: drill.id, quantity: 40, expectedUnitPriceCents: 4_500 },
      { toolId: saw.id, quantity: 3, expectedUnitPriceCents: 1_400 },
    ]);
    expect(lowered.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'The prices of 2 lines changed since you saw them. Check the new total and place the order again.',
      fields: {
        'lines.0.expectedUnitPriceCents': 'The price is now $50.00 each, not $45.00.',
        'lines.1.expectedUnitPriceCents': 'The price is now $13.00 each, not $14.00.',
      },
    });
    // A line the stock refuses is named for that, not for its price; another line's new price is named beside it.
    const short = await place(buyer, [{ toolId: saw.id, quantity: 1_000, expectedUnitPriceCents: 1 }]);
    expect(short.json().error).toEqual({
      code: 'LINES_REFUSED',
      message: 'One line cannot be ordered as it is.',
      fields: { 'lines.0.quantity': "You cant't place order more than available quantity" },
    });
    const both = await place(buyer, [
      { toolId: drill.id, quantity: 60, expectedUnitPriceCents: 5_000 },
      { toolId: saw.id, quantity: 1_000, expectedUnitPriceCents: 1_250 },
    ]);
    expect(both.json().error).toEqual({
      code: 'LINES_REFUSED',
      message: '2 lines cannot be ordered as they are.',
      fields: {
        'lines.1.quantity': "You cant't place order more than available quantity",
        'lines.0.expectedUnitPriceCents': 'The price is now $45.00 each, not $50.00.',
      },
    });
    // Without the shown prices (the spec's clients), today's prices are taken as before.
    const unchecked = await place(buyer, [{ toolId: saw.id, quantity: 2 }]);
    expect(unchecked.statusCode).toBe(201);
    expect(unchecked.json().totalCents).toBe(2_600);
    // At the new price: placed.
    expect((await place(buyer, [{ toolId: saw.id, quantity: 1, expectedUnitPriceCents: 1_300 }])).statusCode).toBe(201);
    expect([await stockOf(app, drill.id), await stockOf(app, saw.id)]).toEqual([440, 94]);
  });

  it('the spec’s one-tool form takes the shown price too, and is refused the same when the price changed', async () => {
    const tool = await makeTool(app, { available: 100, priceCents: 2_000 });
    const one = (extra: Record<string, unknown>) =>
      as(app, buyer, { method: 'POST', url: '/api/orders', payload: { toolId: tool.id, quantity: 2, ...where, ...extra } });
    expect((await one({ expectedUnitPriceCents: 2_000 })).statusCode).toBe(201);
    await app.db.updateTable('tool').set({ price_cents: 2_100 }).where('id', '=', tool.id).execute();
    const refused = await one({ expectedUnitPriceCents: 2_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'PRICE_CHANGED',
      message: 'The price is now $21.00 each, not $20.00. Check the new total and place the order again.',
    });
    expect(await stockOf(app, tool.id)).toBe(98);
    // With lines, the shown price goes on each line.
    const both = await place(buyer, [{ toolId: tool.id, quantity: 1 }], { expectedUnitPriceCents: 2_100 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual({ expectedUnitPriceCents: 'With lines, send expectedUnitPriceCents on each line' });
  });

  it('refuses a shown price that is not a whole number of cents with 400, naming the line', async () => {
    const tool = await makeTool(app, { available: 100 });
    for (const bad of [-1, 12.5, '1250', null, 2 ** 31]) {
      const res = await place(buyer, [{ toolId: tool.id, quantity: 1, expectedUnitPriceCents: bad as number }]);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields).toEqual({
        'lines.0.expectedUnitPriceCents': 'expectedUnitPriceCents must be a whole number of cents',
      });
    }
    expect(await stockOf(app, tool.id)).toBe(100);
  });

  it('refuses malformed lines with 400: none, too many, a tool twice, both forms at once', async () => {
    const tool = await makeTool(app, { available: 100 });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ lines: [] }, { lines: 'An order has at least one line' }],
      [{ lines: Array.from({ length: 101 }, (_, n) => ({ toolId: n + 1, quantity: 1 })) }, { lines: 'An order has at most 100 lines' }],
      [
        {
          lines: [
            { toolId: tool.id, quantity: 1 },
            { toolId: tool.id, quantity: 2 },
          ],
        },
        { 'lines.1.toolId': 'This tool is already on line 1' },
      ],
      [
        { lines: [{ toolId: tool.id, quantity: 1 }], toolId: tool.id, quantity: 1 },
        { lines: 'Send either lines or toolId and quantity, not both' },
      ],
      [{ lines: [{ toolId: tool.id, quantity: 1, unitPriceCents: 1 }] }, {}],
      [{ lines: [{ toolId: tool.id, quantity: 1 }], poNumber: 'x'.repeat(41) }, { poNumber: 'PO number must be 40 characters or shorter' }],
    ];
    for (const [body, fields] of cases) {
      const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: { ...where, ...body } });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.fields ?? {}).toMatchObject(fields);
    }
    expect(await stockOf(app, tool.id)).toBe(100);
  });

  it('two carts racing for the last pieces: exactly one wins, the other takes nothing', async () => {
    for (let round = 0; round < 5; round += 1) {
      const scarce = await makeTool(app, { available: 10 });
      const other = await makeTool(app, { available: 100 });
      const [first, second] = await Promise.all([
        place(buyer, [
          { toolId: other.id, quantity: 1 },
          { toolId: scarce.id, quantity: 6 },
        ]),
        place(rival, [
          { toolId: scarce.id, quantity: 6 },
          { toolId: other.id, quantity: 1 },
        ]),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
      expect(await stockOf(app, scarce.id)).toBe(4);
      expect(await stockOf(app, other.id)).toBe(99);
    }
  });

  it('answers a repeated Idempotency-Key with the same order, and refuses it for other lines', async () => {
    const a = await makeTool(app, { available: 100 });
    const b = await makeTool(app, { available: 100 });
    const lines = [
      { toolId: a.id, quantity: 2 },
      { toolId: b.id, quantity: 3 },
    ];
    const first = await place(buyer, lines, {}, 'multi-key-0001');
    const again = await place(buyer, lines, {}, 'multi-key-0001');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const changed = await place(buyer, [lines[0]!], {}, 'multi-key-0001');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('CONFLICT');
    expect([await stockOf(app, a.id), await stockOf(app, b.id)]).toEqual([98, 97]);
  });

  it('returns every line’s stock exactly once on cancel, on expiry and when one of its tools is deleted', async () => {
    const a = await makeTool(app, { available: 100 });
    const b = await makeTool(app, { available: 100 });
    const lines = [
      { toolId: a.id, quantity: 7 },
      { toolId: b.id, quantity: 9 },
    ];

    const cancelled = (await place(buyer, lines)).json();
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${cancelled.id}` })).statusCode).toBe(200);
    expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${cancelled.id}` })).statusCode).toBe(409);
    expect([await stockOf(app, a.id), await stockOf(app, b.id)]).toEqual([100, 100]);

    const expiring = (await place(buyer, lines)).json();
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 100 * 3_600_000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect([await stockOf(app, a.id), await stockOf(app, b.id)]).toEqual([100, 100]);

    const paying = (await place(buyer, lines)).json();
    await startPaying(app, buyer, paying.id);
    const kept = (await place(buyer, lines)).json();
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${b.id}` })).statusCode).toBe(204);
    for (const id of [paying.id, kept.id]) expect((await as(app, buyer, { url: `/api/orders/${id}` })).json().status).toBe('cancelled');
    expect([await stockOf(app, a.id), await stockOf(app, b.id)]).toEqual([100, 100]);
  });
});
