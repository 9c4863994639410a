import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { checkQuantity } from '@toolsify/shared/orders';
import { MAX_CARD_PAYMENT_CENTS, totalAboveCardMaximumMessage } from '@toolsify/shared/payments';
import { lineCostCents, unitPriceFor, type PriceBreak } from '@toolsify/shared/pricing';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import { makeTool, orderBody, stockOf } from './orders.test-helpers.ts';

/**
 * Bulk pricing on the order path: the server prices every order by the tool's breaks in the
 * statement that takes the stock, never from the request, and refuses quantities that break
 * the tool's pack size or maximum, changing nothing.
 */
describe('orders priced by quantity', () => {
  let app: FastifyInstance;
  let buyer: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
  });
  afterAll(() => app.close());

  const breaks: PriceBreak[] = [
    { minQuantity: 48, unitPriceCents: 1100 },
    { minQuantity: 96, unitPriceCents: 990 },
  ];
  const place = (toolId: number, quantity: number, extra: Record<string, unknown> = {}) =>
    as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, quantity, extra) });

  it('charges the highest break the quantity reaches: exactly at a break, one pack below, the base below all', async () => {
    const tool = await makeTool(app, { available: 1_000, minimum: 24, priceCents: 1250, priceBreaks: breaks, packSize: 24 });
    for (const [quantity, unit] of [
      [24, 1250],
      [72, 1100],
      [48, 1100],
      [96, 990],
      [240, 990],
    ] as const) {
      const res = await place(tool.id, quantity);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ quantity, unitPriceCents: unit, totalCents: unit * quantity });
    }
    expect(await stockOf(app, tool.id)).toBe(1_000 - 24 - 72 - 48 - 96 - 240);
  });

  it('takes no price from the request: a body with a price is refused and nothing changes', async () => {
    const tool = await makeTool(app, { available: 100, priceCents: 1250, priceBreaks: [{ minQuantity: 10, unitPriceCents: 1000 }] });
    for (const extra of [{ unitPriceCents: 1 }, { priceCents: 1 }, { totalCents: 1 }, { price: 0.01 }]) {
      const res = await place(tool.id, 10, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await stockOf(app, tool.id)).toBe(100);
    const res = await place(tool.id, 10);
    expect(res.json()).toMatchObject({ unitPriceCents: 1000, totalCents: 10_000 });
  });

  it('refuses a quantity that is not whole packs, naming the two nearest, with 409 and nothing taken', async () => {
    const tool = await makeTool(app, { available: 1_000, minimum: 24, packSize: 24 });
    const res = await place(tool.id, 50);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'QUANTITY_NOT_ALLOWED',
      message: 'Sold in packs of 24: choose 48 or 72.',
      fields: { quantity: 'Sold in packs of 24: choose 48 or 72.' },
    });
    expect(await stockOf(app, tool.id)).toBe(1_000);
  });

  it('names only the smaller when the larger is past the stock', async () => {
    const tool = await makeTool(app, { available: 60, minimum: 24, packSize: 24 });
    const res = await place(tool.id, 50);
    expect(res.json().error.message).toBe('Sold in packs of 24: choose 48.');
  });

  it('refuses more than the maximum per order with 409, and keeps the spec messages for the minimum and the stock', async () => {
    const tool = await makeTool(app, { available: 500, minimum: 10, maxPerOrder: 200 });
    const over = await place(tool.id, 201);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'QUANTITY_NOT_ALLOWED',
      fields: { quantity: 'You can order at most 200 pieces of this tool in one order.' },
    });
    expect((await place(tool.id, 9)).json().error.message).toBe("You cant't place order below than minimum quantity");
    const short = await makeTool(app, { available: 5, minimum: 1, maxPerOrder: 200 });
    expect((await place(short.id, 6)).json().error.message).toBe("You cant't place order more than available quantity");
    expect(await stockOf(app, tool.id)).toBe(500);
    expect((await place(tool.id, 200)).statusCode).toBe(201);
  });

  it('checks the card maximum against the tier price, not the base price', async () => {
    // 10,000 pieces at the base $100.00 would be $1,000,000.00 (above a card's $999,999.99); at the break's $99.00 it is $990,000.00.
    const tool = await makeTool(app, {
      available: 20_000,
      priceCents: 10_000,
      priceBreaks: [{ minQuantity: 5_000, unitPriceCents: 9_900 }],
    });
    const res = await place(tool.id, 10_000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalCents).toBe(99_000_000);
  });

  const settings = fc
    .record({
      priceCents: fc.integer({ min: 1, max: 50_000 }),
      packSize: fc.integer({ min: 1, max: 12 }),
      minimumPacks: fc.integer({ min: 1, max: 4 }),
      // Rises of the breaks in packs, and their discounts in cents.
      steps: fc.array(fc.record({ packs: fc.integer({ min: 1, max: 30 }), off: fc.integer({ min: 1, max: 4_000 }) }), { maxLength: 5 }),
      maxPacks: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
      available: fc.integer({ min: 0, max: 3_000 }),
    })
    .map(({ priceCents, packSize, minimumPacks, steps, maxPacks, available }) => {
      const minimum = minimumPacks * packSize;
      const priceBreaks: PriceBreak[] = [];
      let quantity = minimum;
      let price = priceCents;
      for (const step of steps) {
        quantity += step.packs * packSize;
        price -= step.off;
        if (price < 1) break;
        priceBreaks.push({ minQuantity: quantity, unitPriceCents: price });
      }
      const maxPerOrder = maxPacks === null ? null : Math.max(minimum, maxPacks * packSize);
      return { priceCents, packSize, minimum, priceBreaks, maxPerOrder, available: Math.max(available, minimum) };
    });

  it('charges exactly the shared rule over random breaks, packs, maxima and quantities, and refuses what it refuses (property)', async () => {
    await fc.assert(
      fc.asyncProperty(settings, fc.integer({ min: 0, max: 1_500 }), async (rules, quantity) => {
        const tool = await makeTool(app, rules);
        const res = await place(tool.id, quantity);
        const problem = checkQuantity(quantity, rules);
        const accepted = !problem && lineCostCents(rules, quantity) <= MAX_CARD_PAYMENT_CENTS;
        const answer = res.json();
        // What happened, beside what the shared rule says should have.
        expect({
          placed: res.statusCode === 201,
          refusedWith: res.statusCode === 201 ? null : [400, 409].includes(res.statusCode) ? 'a refusal' : res.statusCode,
          unitPriceCents: answer.unitPriceCents,
          totalCents: answer.totalCents,
          quantityMessage: answer.error?.fields?.quantity ?? (res.statusCode === 201 ? undefined : answer.error?.message),
          stock: await stockOf(app, tool.id),
        }).toEqual({
          placed: accepted,
          refusedWith: accepted ? null : 'a refusal',
          unitPriceCents: accepted ? unitPriceFor(rules, quantity) : undefined,
          totalCents: accepted ? lineCostCents(rules, quantity) : undefined,
          // A quantity the rule allows is refused only for a total no card can pay.
          quantityMessage: problem?.message ?? (accepted ? undefined : totalAboveCardMaximumMessage),
          stock: accepted ? rules.available - quantity : rules.available,
        });
      }),
      { numRuns: 80 },
    );
  });
});
