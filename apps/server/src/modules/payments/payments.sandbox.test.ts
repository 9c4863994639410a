import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cardMessages } from '@toolsify/shared/payments';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants, databaseFingerprint } from '../../test/invariants.ts';
import { intentRows, orderRow, placeOrder } from './payments.test-helpers.ts';
import { sandboxCardOutcome } from './payments.sandbox-gateway.ts';

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';
const FUTURE = '12/40';

interface Intent {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
}

describe('payments with the sandbox gateway', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    // Not about the cap on unpaid orders: this buyer holds more than 5.
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    [buyer, other, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  const startPayment = async (user: TestUser | null, orderId: number | string) =>
    as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` });

  const intentFor = async (user: TestUser, orderId: number): Promise<Intent> => {
    const res = await startPayment(user, orderId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const payCard = (
    user: TestUser,
    intent: Pick<Intent, 'paymentIntentId' | 'clientSecret'>,
    card: Partial<{ cardNumber: string; expiry: string; cvc: string }> = {},
  ) =>
    as(app, user, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: GOOD,
        expiry: FUTURE,
        cvc: '123',
        ...card,
      },
    });

  const confirm = (user: TestUser | null, orderId: number, paymentIntentId: string) =>
    as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment/confirm`, payload: { paymentIntentId } });

  it('charges the amount of the order row, never one the browser sends', async () => {
    const order = await placeOrder(app, buyer, { priceCents: 1250, quantity: 3 });
    const res = await startPayment(buyer, order.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amountCents: 3750,
      currency: 'usd',
      gateway: 'sandbox',
      publishableKey: null,
      order: { id: order.id, quantity: 3, unitPriceCents: 1250 },
    });
    expect(body.paymentIntentId).toMatch(/^pi_sandbox_[0-9a-f]{24}$/);
    expect(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`)).toBe(true);
    const [row] = await intentRows(app, order.id);
    expect(row).toMatchObject({
      id: body.paymentIntentId,
      amount_cents: 3750,
      currency: 'usd',
      gateway: 'sandbox',
      status: 'requires_payment_method',
    });

    // An amount (or anything else) in the body is refused, not used.
    const tampered = await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent`, payload: { amountCents: 1 } });
    expect(tampered.statusCode).toBe(400);
    expect((await intentRows(app, order.id)).map((r) => r.amount_cents)).toEqual([3750]);
  });

  it('reuses the open intent instead of making a second one, even when asked at once', async () => {
    const order = await placeOrder(app, buyer);
    const answers = await Promise.all([startPayment(buyer, order.id), startPayment(buyer, order.id), startPayment(buyer, order.id)]);
    const ids = new Set(answers.map((r) => (r.json() as Intent).paymentIntentId));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(ids.size).toBe(1);
    const again = await intentFor(buyer, order.id);
    expect(ids.has(again.paymentIntentId)).toBe(true);
    expect(await intentRows(app, order.id)).toHaveLength(1);
  });

  it("answers 404 for someone else's order, 401 when signed out, and changes nothing", async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const before = await databaseFingerprint(app.db);
    for (const user of [other, admin]) {
      expect((await startPayment(user, order.id)).statusCode).toBe(404);
      expect((await confirm(user, order.id, intent.paymentIntentId)).statusCode).toBe(404);
      const card = await payCard(user, intent);
      expect(card.statusCode).toBe(404);
      expect(card.json().error.message).toBe('No such payment.');
    }
    expect((await startPayment(null, order.id)).statusCode).toBe(401);
    const anonymousCard = await as(app, null, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: GOOD, expiry: FUTURE, cvc: '123' },
    });
    expect(anonymousCard.statusCode).toBe(401);
    expect((await confirm(null, order.id, intent.paymentIntentId)).statusCode).toBe(401);
    expect((await startPayment(buyer, 999_999)).statusCode).toBe(404);
    expect((await startPayment(buyer, 'abc')).statusCode).toBe(404);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('pays with 4242 4242 4242 4242: paid once, with the intent id as the transaction id', async () => {
    const order = await placeOrder(app, buyer, { priceCents: 999, quantity: 7 });
    const intent = await intentFor(buyer, order.id);

    // Before the card goes through, confirming is refused.
    const early = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json().error.message).toBe('The payment has not been completed yet.');

    const paid = await payCard(buyer, intent);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    const row = await orderRow(app, order.id);
    expect(row).toMatchObject({ status: 'paid', transaction_id: intent.paymentIntentId });
    expect(row.paid_at).not.toBeNull();

    // The browser's confirmation that follows changes nothing and answers the same result.
    const before = await databaseFingerprint(app.db);
    const confirmed = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ orderId: order.id, paid: true, transactionId: intent.paymentIntentId });
    expect(await databaseFingerprint(app.db)).toBe(before);

    // The buyer's own view of the order (the orders module) says paid, with the id.
    const view = await as(app, buyer, { method: 'GET', url: `/api/orders/${order.id}` });
    expect(view.json()).toMatchObject({
      status: 'paid',
      paid: true,
      shipment: false,
      transactionId: intent.paymentIntentId,
      totalCents: 6993,
    });
  });

  it('never takes a second payment for a paid order', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const otherOrder = await placeOrder(app, buyer);
    const otherIntent = await intentFor(buyer, otherOrder.id);
    expect((await payCard(buyer, intent)).statusCode).toBe(200);
    const before = await databaseFingerprint(app.db);

    const second = await payCard(buyer, intent);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This payment has already succeeded.');
    const again = await startPayment(buyer, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is already paid.');
    // Another of the buyer's intents cannot re-pay it either.
    const wrong = await confirm(buyer, order.id, otherIntent.paymentIntentId);
    expect(wrong.statusCode).toBe(409);

    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await orderRow(app, order.id)).transaction_id).toBe(intent.paymentIntentId);
    expect((await intentRows(app, order.id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous card payments through', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const answers = await Promise.all([payCard(buyer, intent), payCard(buyer, intent), confirm(buyer, order.id, intent.paymentIntentId)]);
    const cardStatuses = answers
      .slice(0, 2)
      .map((r) => r.statusCode)
      .sort();
    expect(cardStatuses).toEqual([200, 409]);
    expect((await orderRow(app, order.id)).status).toBe('paid');
    expect((await intentRows(app, order.id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('follows the test cards: declined and insufficient funds leave the order unpaid; it can be paid after', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);

    const declined = await payCard(buyer, intent, { cardNumber: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect((await orderRow(app, order.id)).status).toBe('unpaid');

    const poor = await payCard(buyer, intent, { cardNumber: NO_FUNDS });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.message).toBe('Your card has insufficient funds.');
    expect((await intentRows(app, order.id))[0]).toMatchObject({
      status: 'requires_payment_method',
      last_error: 'Your card has insufficient funds.',
    });

    // The buyer's confirmation after a decline is refused with the gateway's message.
    const refused = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe('Your card has insufficient funds.');
    expect((await orderRow(app, order.id)).status).toBe('unpaid');

    // The same intent is still the order's, and a good card pays it.
    expect((await intentFor(buyer, order.id)).paymentIntentId).toBe(intent.paymentIntentId);
    expect((await payCard(buyer, intent)).statusCode).toBe(200);
    expect((await orderRow(app, order.id)).status).toBe('paid');
  });

  it('refuses bad card details with a message per field, and unknown numbers as invalid', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const before = await databaseFingerprint(app.db);
    const cases: Array<[Partial<{ cardNumber: string; expiry: string; cvc: string }>, string, string]> = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', cardMessages.numberInvalid],
      [{ cardNumber: '4242' }, 'cardNumber', cardMessages.numberIncomplete],
      [{ cardNumber: '4242-abcd-4242-4242' }, 'cardNumber', cardMessages.numberInvalid],
      [{ cardNumber: '' }, 'cardNumber', cardMessages.numberIncomplete],
      [{ expiry: '01/20' }, 'expiry', cardMessages.expiryPast],
      [{ expiry: '13/40' }, 'expiry', cardMessages.expiryMonthInvalid],
      [{ expiry: '1240' }, 'expiry', cardMessages.expiryIncomplete],
      [{ expiry: '12/99' }, 'expiry', cardMessages.expiryTooFar],
      [{ cvc: '12' }, 'cvc', cardMessages.cvcIncomplete],
      [{ cvc: 'abc' }, 'cvc', cardMessages.cvcIncomplete],
    ];
    for (const [card, field, message] of cases) {
      const res = await payCard(buyer, intent, card);
      expect(res.statusCode, JSON.stringify(card)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(card)).toBe(message);
    }
    const extra = await as(app, buyer, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: GOOD,
        expiry: FUTURE,
        cvc: '123',
        amountCents: 1,
      },
    });
    expect(extra.statusCode).toBe(400);
    expect(await databaseFingerprint(app.db)).toBe(before);

    // Luhn-valid, but not one of Stripe's test numbers (a real card's): refused as test mode refuses a real card.
    const unknown = await payCard(buyer, intent, { cardNumber: '5454 5454 5454 5454' });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().error).toMatchObject({ message: cardMessages.notATestCard, fields: { cardNumber: cardMessages.notATestCard } });
    expect((await orderRow(app, order.id)).status).toBe('unpaid');

    // A wrong client secret names no payment.
    const forged = await payCard(buyer, { paymentIntentId: intent.paymentIntentId, clientSecret: `${intent.clientSecret}x` });
    expect(forged.statusCode).toBe(404);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('refuses a forged or foreign intent id, and changes nothing', async () => {
    const order = await placeOrder(app, buyer);
    await intentFor(buyer, order.id);
    const mine2 = await placeOrder(app, buyer);
    const mine2Intent = await intentFor(buyer, mine2.id);
    const theirs = await placeOrder(app, other);
    const theirIntent = await intentFor(other, theirs.id);
    // Their intent really succeeded: it still cannot pay my order.
    expect((await payCard(other, theirIntent)).statusCode).toBe(200);
    const before = await databaseFingerprint(app.db);

    for (const id of [
      'pi_sandbox_000000000000000000000000',
      'pi_3NzYfakeStripeId',
      mine2Intent.paymentIntentId,
      theirIntent.paymentIntentId,
    ]) {
      const res = await confirm(buyer, order.id, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.message).toBe('This payment does not belong to this order.');
    }
    for (const id of ['', 'not-an-intent', 'pi_../../etc', `pi_${'x'.repeat(300)}`]) {
      expect((await confirm(buyer, order.id, id)).statusCode, id).toBe(400);
    }
    expect((await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment/confirm`, payload: {} })).statusCode).toBe(400);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('refuses an intent whose amount is not the order amount', async () => {
    const order = await placeOrder(app, buyer, { priceCents: 500, quantity: 2 });
    const intent = await intentFor(buyer, order.id);
    // As if the intent had been made (or changed) for another amount and then paid.
    await app.db
      .updateTable('payment_intent')
      .set({ amount_cents: 1, status: 'succeeded' })
      .where('id', '=', intent.paymentIntentId)
      .execute();
    const res = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The payment amount does not match this order.');
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
    // Put it back so the store's invariants (one succeeded intent per paid order) hold.
    await app.db.updateTable('payment_intent').set({ status: 'canceled' }).where('id', '=', intent.paymentIntentId).execute();

    const order2 = await placeOrder(app, buyer, { priceCents: 500, quantity: 2 });
    const intent2 = await intentFor(buyer, order2.id);
    await app.db.updateTable('payment_intent').set({ amount_cents: 1 }).where('id', '=', intent2.paymentIntentId).execute();
    const card = await payCard(buyer, intent2);
    expect(card.statusCode).toBe(400);
    expect((await orderRow(app, order2.id)).status).toBe('unpaid');
    // Asking again replaces the bad intent with one for the right amount.
    const fresh = await intentFor(buyer, order2.id);
    expect(fresh.paymentIntentId).not.toBe(intent2.paymentIntentId);
    expect(fresh.amountCents).toBe(1000);
  });

  it('a paid order can no longer be cancelled; a cancelled one cannot be paid', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    expect((await payCard(buyer, intent)).statusCode).toBe(200);
    for (const user of [buyer, admin]) {
      const cancel = await as(app, user, { method: 'DELETE', url: `/api/orders/${order.id}` });
      expect(cancel.statusCode).toBe(409);
    }
    expect((await orderRow(app, order.id)).status).toBe('paid');

    const cancelled = await placeOrder(app, buyer);
    const open = await intentFor(buyer, cancelled.id);
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${cancelled.id}` })).statusCode).toBe(200);
    const start = await startPayment(buyer, cancelled.id);
    expect(start.statusCode).toBe(409);
    expect(start.json().error.message).toBe('This order was cancelled.');
    const card = await payCard(buyer, open);
    expect(card.statusCode).toBe(409);
    expect((await orderRow(app, cancelled.id)).status).toBe('cancelled');
    // Cancelling closed the order's open intent too.
    expect((await intentRows(app, cancelled.id)).map((r) => r.status)).toEqual(['canceled']);
  });

  it('refuses webhooks: the sandbox has no secret, so no signature holds', async () => {
    const before = await databaseFingerprint(app.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }),
    });
    expect(res.statusCode).toBe(400);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('the card number', () => {
  it('is never stored or logged', async () => {
    const lines: string[] = [];
    // The production logger configuration, at its most verbose level.
    const app = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const buyer = await signUp(app);
      const order = await placeOrder(app, buyer);
      const intent = (await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` })).json();
      const numbers = ['4000 0000 0000 0002', '4000000000009995', '5555555555554444', '4242424242424241', '4242 4242 4242 4242'];
      for (const cardNumber of numbers) {
        await as(app, buyer, {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber, expiry: '12/40', cvc: '987' },
        });
      }
      expect((await orderRow(app, order.id)).status).toBe('paid');
      await app.mailer.idle(); // the order's emails, logged as they are sent
      expect(lines.length).toBeGreaterThan(10);
      const log = lines.join('');
      const dump =
        JSON.stringify(await app.db.selectFrom('payment_intent').selectAll().execute()) +
        JSON.stringify(await app.db.selectFrom('orders').selectAll().execute());
      for (const cardNumber of numbers) {
        const digits = cardNumber.replace(/\s/g, '');
        for (const text of [log, dump]) {
          expect(text).not.toContain(digits);
          expect(text).not.toContain(cardNumber);
        }
      }
      expect(log).not.toContain('"987"');
    } finally {
      await app.close();
    }
  });
});

describe("the sandbox's card network", () => {
  it("follows Stripe's test numbers: each brand's succeeds, the decline ones decline, a real card is not a test card", () => {
    for (const digits of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'])
      expect(sandboxCardOutcome(digits), digits).toEqual({ ok: true });
    expect(sandboxCardOutcome('4000000000000002')).toEqual({ ok: false, message: cardMessages.declined });
    expect(sandboxCardOutcome('4000000000009995')).toEqual({ ok: false, message: cardMessages.insufficientFunds });
    expect(sandboxCardOutcome('5454545454545454')).toEqual({ ok: false, message: cardMessages.notATestCard });
  });
});
