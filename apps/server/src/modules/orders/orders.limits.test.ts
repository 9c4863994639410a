import { MAX_PRICE_CENTS } from '@toolsify/shared/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_CARD_PAYMENT_CENTS, totalAboveCardMaximumMessage } from '@toolsify/shared/payments';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants, databaseFingerprint } from '../../test/invariants.ts';
import { makeTool, orderBody, stockOf } from './orders.test-helpers.ts';

/** Orders that would hold stock without ever being paid are refused when placed. */

const TOO_MANY = 'You already have 5 unpaid orders. Pay or cancel one before placing another.';
const NO_PRICE = 'This tool has no price yet and cannot be ordered.';

describe('limits on placing orders', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The defaults: MAX_UNPAID_ORDERS_PER_BUYER 5.
    app = await createTestApp();
    await signUpAdmin(app);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  const place = (user: TestUser, toolId: number, quantity: number, headers: Record<string, string> = {}) =>
    as(app, user, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, quantity), headers });
  const countOrders = async (toolId: number) =>
    Number(
      (
        await app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tool_id', '=', toolId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function placeFive(user: TestUser, toolId: number, keyPrefix?: string): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await place(user, toolId, 1, keyPrefix ? { 'idempotency-key': `${keyPrefix}-${i}-aaaaaaaa` } : {});
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    return ids;
  }

  /** Pays the order as the payment page does with the sandbox gateway. */
  async function pay(user: TestUser, orderId: number): Promise<void> {
    const intent = await as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` });
    expect(intent.statusCode, intent.body).toBe(200);
    const { paymentIntentId, clientSecret } = intent.json();
    const card = await as(app, user, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    });
    expect(card.statusCode, card.body).toBe(200);
  }

  describe('MAX_UNPAID_ORDERS_PER_BUYER (5 by default)', () => {
    it('refuses a sixth unpaid order with 409 TOO_MANY_UNPAID_ORDERS, taking no stock; paying or cancelling one makes room', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 100 });
      const other = await makeTool(app, { available: 100 });
      const ids = await placeFive(buyer, tool.id);

      const refused = await place(buyer, tool.id, 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'TOO_MANY_UNPAID_ORDERS', message: TOO_MANY } });
      // On another tool too: the cap is the buyer's, not the tool's.
      expect((await place(buyer, other.id, 1)).json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');
      expect(await stockOf(app, tool.id)).toBe(95);
      expect(await stockOf(app, other.id)).toBe(100);
      expect(await countOrders(tool.id)).toBe(5);

      // Another buyer is not held back by this one.
      expect((await place(await signUp(app), tool.id, 1)).statusCode).toBe(201);

      // A cancelled order no longer counts...
      expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${ids[0]}` })).statusCode).toBe(200);
      expect((await place(buyer, tool.id, 1)).statusCode).toBe(201);
      expect((await place(buyer, tool.id, 1)).statusCode).toBe(409);
      // ...nor does a paid one.
      await pay(buyer, ids[1]!);
      expect((await place(buyer, tool.id, 1)).statusCode).toBe(201);
      expect((await place(buyer, tool.id, 1)).statusCode).toBe(409);
      expect(await stockOf(app, tool.id)).toBe(100 - 1 - 6);
    });

    it('a refusal changes nothing in the database', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 100 });
      await placeFive(buyer, tool.id);
      const before = await databaseFingerprint(app.db);
      expect((await place(buyer, tool.id, 7)).statusCode).toBe(409);
      expect(await databaseFingerprint(app.db)).toBe(before);
    });

    it('still answers a retry of an order already placed (same Idempotency-Key) with that order, at the cap', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 100 });
      const ids = await placeFive(buyer, tool.id, 'capped');
      for (const i of [4, 0]) {
        const retry = await place(buyer, tool.id, 1, { 'idempotency-key': `capped-${i}-aaaaaaaa` });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.json().id).toBe(ids[i]);
      }
      const fresh = await place(buyer, tool.id, 1, { 'idempotency-key': 'capped-new-aaaaaaaa' });
      expect(fresh.statusCode).toBe(409);
      expect(fresh.json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');
      expect(await stockOf(app, tool.id)).toBe(95);
    });

    it('holds when one buyer sends 20 orders at once: exactly 5 are placed', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 1_000 });
      const answers = await Promise.all(Array.from({ length: 20 }, () => place(buyer, tool.id, 10)));
      const created = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.json().error).toEqual({ code: 'TOO_MANY_UNPAID_ORDERS', message: TOO_MANY });
      expect(await stockOf(app, tool.id)).toBe(1_000 - 5 * 10);
      expect(await countOrders(tool.id)).toBe(5);
    });

    it('says "1 unpaid order" when the cap is 1, and 0 turns the cap off', async () => {
      const one = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '1' });
      const off = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
      try {
        const buyer = await signUp(one);
        const tool = await makeTool(one, { available: 10 });
        const body = orderBody(tool.id, 1);
        expect((await as(one, buyer, { method: 'POST', url: '/api/orders', payload: body })).statusCode).toBe(201);
        const refused = await as(one, buyer, { method: 'POST', url: '/api/orders', payload: body });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toBe('You already have 1 unpaid order. Pay or cancel one before placing another.');

        const many = await signUp(off);
        const plenty = await makeTool(off, { available: 100 });
        for (let i = 0; i < 12; i++) {
          const res = await as(off, many, { method: 'POST', url: '/api/orders', payload: orderBody(plenty.id, 1) });
          expect(res.statusCode, res.body).toBe(201);
        }
        expect(await stockOf(off, plenty.id)).toBe(88);
      } finally {
        await Promise.all([one.close(), off.close()]);
      }
    });
  });

  describe('an order a card could never pay', () => {
    it('refuses a tool without a price (409), taking no stock', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 5_750, priceCents: 0 });
      const before = await databaseFingerprint(app.db);
      const res = await place(buyer, tool.id, 5_750);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'INVALID_STATE', message: NO_PRICE } });
      expect(await databaseFingerprint(app.db)).toBe(before);
      expect(await stockOf(app, tool.id)).toBe(5_750);
    });

    it(`refuses a total above the card maximum ($999,999.99) with 400 on the quantity field, taking no stock`, async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 5_750, priceCents: 1_000_000 });
      const before = await databaseFingerprint(app.db);
      const res = await place(buyer, tool.id, 5_750);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: totalAboveCardMaximumMessage, fields: { quantity: totalAboveCardMaximumMessage } },
      });
      expect(totalAboveCardMaximumMessage).toBe(
        "This order's total is above $999,999.99, the most a card payment can take. Order fewer pieces.",
      );
      // $10,000 x 100 = $1,000,000: one cent too many.
      expect((await place(buyer, tool.id, 100)).statusCode).toBe(400);
      expect(await databaseFingerprint(app.db)).toBe(before);
      expect(await stockOf(app, tool.id)).toBe(5_750);
      // $10,000 x 99 is fine.
      expect((await place(buyer, tool.id, 99)).statusCode).toBe(201);
    });

    it('accepts a total of exactly the maximum, and it can be paid', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 10, priceCents: MAX_CARD_PAYMENT_CENTS });
      expect((await place(buyer, tool.id, 2)).statusCode).toBe(400);
      const res = await place(buyer, tool.id, 1);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().totalCents).toBe(99_999_999);
      await pay(buyer, res.json().id);
      expect(await stockOf(app, tool.id)).toBe(9);
    });

    it('refuses the largest price times the largest quantity without the database overflowing', async () => {
      const buyer = await signUp(app);
      const tool = await makeTool(app, { available: 10_000_000, priceCents: MAX_PRICE_CENTS });
      const res = await place(buyer, tool.id, 10_000_000);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.quantity).toBe(totalAboveCardMaximumMessage);
      expect(await stockOf(app, tool.id)).toBe(10_000_000);
    });
  });
});
