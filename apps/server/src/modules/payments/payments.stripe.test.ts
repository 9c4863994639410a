import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants, databaseFingerprint } from '../../test/invariants.ts';
import { outboxFor } from '../auth/testing/outbox.ts';
import { STRIPE_TEST_KEYS, intentRows, orderRow, placeOrder, startStripeStandIn, type StripeStandIn } from './payments.test-helpers.ts';

interface Intent {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  gateway: string;
  publishableKey: string | null;
}

describe('payments with the stripe gateway (against a local stand-in for the Stripe API)', () => {
  let stripe: StripeStandIn;
  let app: FastifyInstance;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // Not about the cap on unpaid orders: this buyer holds more than 5.
    app = await createTestApp({ ...STRIPE_TEST_KEYS, STRIPE_API_URL: stripe.url, MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    [buyer, other, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
    await stripe.close();
  });

  const intentFor = async (user: TestUser, orderId: number): Promise<Intent> => {
    const res = await as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const confirm = (user: TestUser, orderId: number, paymentIntentId: string) =>
    as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment/confirm`, payload: { paymentIntentId } });
  const deliver = (hook: { payload: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.payload, headers: hook.headers });

  it('tells the web app to use Stripe, with the publishable key', async () => {
    const res = await app.inject({ url: '/api/config' });
    expect(res.json().payments).toEqual({ gateway: 'stripe', publishableKey: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY });
    // The sandbox's card endpoint does not exist with a real gateway.
    expect((await as(app, buyer, { method: 'POST', url: '/api/payments/sandbox/confirm', payload: {} })).statusCode).toBe(404);
  });

  it("creates a USD PaymentIntent for the order row's amount, with an idempotency key, and reuses it", async () => {
    const order = await placeOrder(app, buyer, { priceCents: 1999, quantity: 4 });
    const before = stripe.requests.length;
    const intent = await intentFor(buyer, order.id);
    expect(intent).toMatchObject({ amountCents: 7996, gateway: 'stripe', publishableKey: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY });
    expect(intent.paymentIntentId).toMatch(/^pi_/);

    const created = stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({ amount: '7996', currency: 'usd', 'metadata[order_id]': String(order.id) });
    expect(created[0]!.idempotencyKey).toMatch(new RegExp(`^toolsify-order-${order.id}-\\d+-1$`));
    expect(stripe.intents.get(intent.paymentIntentId)!.client_secret).toBe(intent.clientSecret);

    // A second visit to the payment page reuses the intent (and checks it is still open).
    const again = await intentFor(buyer, order.id);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect(stripe.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await intentRows(app, order.id)).toHaveLength(1);
  });

  it('marks the order paid only after Stripe says the intent succeeded; paid once', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);

    const early = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(early.statusCode).toBe(402);
    stripe.decline(intent.paymentIntentId, 'Your card was declined.');
    const declined = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined.');
    expect((await orderRow(app, order.id)).status).toBe('unpaid');

    stripe.succeed(intent.paymentIntentId);
    const paid = await confirm(buyer, order.id, intent.paymentIntentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ orderId: order.id, paid: true, transactionId: intent.paymentIntentId });
    const row = await orderRow(app, order.id);
    expect(row).toMatchObject({ status: 'paid', transaction_id: intent.paymentIntentId });

    // Paying twice: the same confirmation again changes nothing; a new intent is refused.
    const before = await databaseFingerprint(app.db);
    expect((await confirm(buyer, order.id, intent.paymentIntentId)).statusCode).toBe(200);
    expect((await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` })).statusCode).toBe(409);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await orderRow(app, order.id)).paid_at).toEqual(row.paid_at);
  });

  it("answers 404 for someone else's order", async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    stripe.succeed(intent.paymentIntentId);
    expect((await as(app, other, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` })).statusCode).toBe(404);
    expect((await confirm(other, order.id, intent.paymentIntentId)).statusCode).toBe(404);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('refuses forged, foreign and wrong-amount intents', async () => {
    const order = await placeOrder(app, buyer, { priceCents: 1000, quantity: 2 });
    await intentFor(buyer, order.id);
    const otherOrder = await placeOrder(app, other, { priceCents: 1000, quantity: 2 });
    const foreign = await intentFor(other, otherOrder.id);
    stripe.succeed(foreign.paymentIntentId);
    // Made on the same Stripe account outside the store: for this order, but another amount.
    const cheap = stripe.add({ amount: 1, metadata: { order_id: String(order.id) }, status: 'succeeded' });
    // No order at all in its metadata.
    const bare = stripe.add({ amount: 2000, metadata: {}, status: 'succeeded' });
    const before = await databaseFingerprint(app.db);

    const cases: Array<[string, string]> = [
      ['pi_doesnotexist', 'This payment does not belong to this order.'],
      [foreign.paymentIntentId, 'This payment does not belong to this order.'],
      [bare.id, 'This payment does not belong to this order.'],
      [cheap.id, 'The payment amount does not match this order.'],
    ];
    for (const [id, message] of cases) {
      const res = await confirm(buyer, order.id, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);

    // The same wrong-amount payment arriving by webhook is recorded but not applied.
    expect((await deliver(stripe.webhook('payment_intent.succeeded', cheap))).statusCode).toBe(200);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('applies a signed payment_intent.succeeded webhook, and the same event twice only once', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const hook = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));

    const first = await deliver(hook);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const row = await orderRow(app, order.id);
    expect(row).toMatchObject({ status: 'paid', transaction_id: intent.paymentIntentId });

    const before = await databaseFingerprint(app.db);
    const again = await deliver(hook);
    expect(again.statusCode).toBe(200);
    expect(await databaseFingerprint(app.db)).toBe(before);
    const events = await app.db.selectFrom('payment_event').selectAll().where('id', '=', JSON.parse(hook.payload).id).execute();
    expect(events).toHaveLength(1);

    // The buyer's confirmation arriving after the webhook changes nothing.
    expect((await confirm(buyer, order.id, intent.paymentIntentId)).statusCode).toBe(200);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('lets the confirmation win when it comes first: the webhook then changes nothing', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const succeeded = stripe.succeed(intent.paymentIntentId);
    expect((await confirm(buyer, order.id, intent.paymentIntentId)).statusCode).toBe(200);
    const paidAt = (await orderRow(app, order.id)).paid_at;
    const hook = stripe.webhook('payment_intent.succeeded', succeeded);
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await orderRow(app, order.id)).paid_at).toEqual(paidAt);
    expect((await intentRows(app, order.id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('lets exactly one of a simultaneous confirmation and webhook mark the order paid', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const hook = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));
    const answers = await Promise.all([confirm(buyer, order.id, intent.paymentIntentId), deliver(hook), deliver(hook)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await orderRow(app, order.id)).transaction_id).toBe(intent.paymentIntentId);
    expect((await intentRows(app, order.id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('refuses a webhook with a bad or missing signature (400) and changes nothing', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const hook = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));
    const before = await databaseFingerprint(app.db);

    const tamperedBody = hook.payload.replace(`"amount":`, `"amount":1`);
    const attempts = [
      { payload: hook.payload, headers: { ...hook.headers, 'stripe-signature': 't=1700000000,v1=deadbeef' } },
      { payload: tamperedBody, headers: hook.headers },
      { payload: hook.payload, headers: { 'content-type': 'application/json' } },
      // Re-serialized JSON is not the bytes Stripe signed.
      { payload: JSON.stringify(JSON.parse(hook.payload), null, 2), headers: hook.headers },
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    // A correct signature made with another secret.
    const { Stripe } = await import('stripe');
    const foreign = Stripe.webhooks.generateTestHeaderString({ payload: hook.payload, secret: 'whsec_someone_else' });
    expect((await deliver({ payload: hook.payload, headers: { ...hook.headers, 'stripe-signature': foreign } })).statusCode).toBe(400);
    // An old signature (replayed after Stripe's 5-minute tolerance).
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: hook.payload,
      secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver({ payload: hook.payload, headers: { ...hook.headers, 'stripe-signature': stale } })).statusCode).toBe(400);

    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
    // The genuine delivery still works afterwards.
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await orderRow(app, order.id)).status).toBe('paid');
  });

  it('keeps the raw-body parser to the webhook: other routes still parse JSON', async () => {
    const order = await placeOrder(app, buyer);
    const res = await as(app, buyer, {
      method: 'POST',
      url: `/api/orders/${order.id}/payment/confirm`,
      payload: { paymentIntentId: 'pi_nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This payment does not belong to this order.');
  });

  it('records a payment_failed webhook on the intent and leaves the order unpaid', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    const hook = stripe.webhook(
      'payment_intent.payment_failed',
      stripe.decline(intent.paymentIntentId, 'Your card has insufficient funds.'),
    );
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await intentRows(app, order.id))[0]).toMatchObject({
      status: 'requires_payment_method',
      last_error: 'Your card has insufficient funds.',
    });
    expect((await orderRow(app, order.id)).status).toBe('unpaid');
  });

  it('pays an order whose intent succeeded while nobody told us, when the buyer comes back', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    stripe.succeed(intent.paymentIntentId);
    const res = await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This order is already paid.');
    expect((await orderRow(app, order.id)).transaction_id).toBe(intent.paymentIntentId);
  });

  it('makes a new intent when Stripe has canceled the open one', async () => {
    const order = await placeOrder(app, buyer);
    const intent = await intentFor(buyer, order.id);
    stripe.intents.get(intent.paymentIntentId)!.status = 'canceled';
    const fresh = await intentFor(buyer, order.id);
    expect(fresh.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(stripe.requests.at(-1)!.idempotencyKey).toMatch(/-2$/);
    expect((await intentRows(app, order.id)).map((r) => r.status).sort()).toEqual(['canceled', 'requires_payment_method']);
  });

  describe('cancelling an order', () => {
    const cancel = (user: TestUser, orderId: number) => as(app, user, { method: 'DELETE', url: `/api/orders/${orderId}` });
    const stockOf = async (toolId: number) =>
      (await app.db.selectFrom('tool').select('available').where('id', '=', toolId).executeTakeFirstOrThrow()).available;

    it('cancels its open intent at Stripe first, so the card form can no longer charge it', async () => {
      const order = await placeOrder(app, buyer);
      const intent = await intentFor(buyer, order.id);
      const res = await cancel(buyer, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${intent.paymentIntentId}/cancel` });
      expect(stripe.intents.get(intent.paymentIntentId)!.status).toBe('canceled');
      expect((await intentRows(app, order.id)).map((r) => r.status)).toEqual(['canceled']);
      expect((await orderRow(app, order.id)).status).toBe('cancelled');
    });

    it('asks Stripe nothing for an order that never started paying', async () => {
      const order = await placeOrder(app, buyer);
      const before = stripe.requests.length;
      expect((await cancel(buyer, order.id)).statusCode).toBe(200);
      expect(stripe.requests.length).toBe(before);
    });

    it('refuses (409) when the payment went through before the cancel, and the order becomes paid', async () => {
      const order = await placeOrder(app, buyer);
      const intent = await intentFor(buyer, order.id);
      stripe.succeed(intent.paymentIntentId);
      const stock = await stockOf(order.toolId);
      const res = await cancel(buyer, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This order has just been paid, so it can no longer be cancelled.');
      expect(await orderRow(app, order.id)).toMatchObject({ status: 'paid', transaction_id: intent.paymentIntentId });
      expect(await stockOf(order.toolId)).toBe(stock);
    });

    it('refuses (409) while a payment is processing, and changes nothing', async () => {
      const order = await placeOrder(app, buyer);
      const intent = await intentFor(buyer, order.id);
      stripe.intents.get(intent.paymentIntentId)!.status = 'processing';
      const before = await databaseFingerprint(app.db);
      const res = await cancel(buyer, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/being processed/);
      expect(await databaseFingerprint(app.db)).toBe(before);
    });
  });

  describe('refunding a paid order (decision 025)', () => {
    const paidOrder = async (quantity = 2) => {
      const order = await placeOrder(app, buyer, { priceCents: 1250, quantity });
      const intent = await intentFor(buyer, order.id);
      stripe.succeed(intent.paymentIntentId);
      expect((await confirm(buyer, order.id, intent.paymentIntentId)).statusCode).toBe(200);
      return { order, intent };
    };
    const refund = (orderId: number) => as(app, admin, { method: 'POST', url: `/api/orders/${orderId}/refund` });

    it("refunds the order's whole amount at Stripe, under a key of the request, once", async () => {
      const { order, intent } = await paidOrder(3);
      const res = await refund(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const asked = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
      expect(asked.at(-1)!.form).toMatchObject({
        payment_intent: intent.paymentIntentId,
        amount: '3750',
        'metadata[order_id]': String(order.id),
      });
      expect(asked.at(-1)!.idempotencyKey).toMatch(new RegExp(`^toolsify-refund-${order.id}-\\d+$`));
      const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId);
      expect(made).toHaveLength(1);
      expect(res.json()).toMatchObject({ status: 'cancelled', refund: { state: 'refunded', amountCents: 3750, reference: made[0]!.id } });
      expect((await refund(order.id)).statusCode).toBe(409);
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(1);
    });

    it("takes a refund made already (in the dashboard, or past the key) as the order's, and makes no second", async () => {
      const { order, intent } = await paidOrder(2);
      // Refunded by hand in Stripe's dashboard, before the store was asked.
      const byHand = await fetch(`${stripe.url}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_intent: intent.paymentIntentId, amount: '2500' }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      const res = await refund(order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refund: { state: 'refunded', reference: byHand.id } });
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(1);
    });

    it("a refund that fails at Stripe after it was taken emails the store's people once, and leaves the order as it is", async () => {
      const { order } = await paidOrder(2);
      const res = await refund(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const made = stripe.refunds.get(res.json().refund.reference)!;
      made.status = 'failed';
      made.failure_reason = 'expired_or_canceled_card';
      const noticeOf = async () =>
        (await outboxFor(app, admin.email)).filter((m) => m.subject.startsWith(`Refund of order #${order.id} failed`));
      const hook = stripe.webhook('refund.failed', made);
      expect((await deliver(hook)).statusCode).toBe(200);
      expect((await deliver(hook)).statusCode).toBe(200);
      const notices = await noticeOf();
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe(`Refund of order #${order.id} failed: $25.00 not returned to ${res.json().buyerName}`);
      expect(notices[0]?.body).toContain('expired_or_canceled_card');
      expect(notices[0]?.body).toContain(res.json().refund.creditNoteNumber);
      expect(await orderRow(app, order.id)).toMatchObject({ status: 'cancelled', refund_id: made.id });
      // A refund event for a refund the store never made changes nothing and tells nobody.
      const foreign = { ...made, id: 're_foreign' };
      expect((await deliver(stripe.webhook('refund.failed', foreign))).statusCode).toBe(200);
      expect(await noticeOf()).toHaveLength(1);
    });

    it('a payment Stripe cannot refund (still processing) is a 409 that leaves the order paid, as it was', async () => {
      const { order, intent } = await paidOrder(1);
      stripe.intents.get(intent.paymentIntentId)!.status = 'processing';
      const before = await databaseFingerprint(app.db);
      const res = await refund(order.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe('The payment gateway has no paid payment of this order to refund.');
      expect(await databaseFingerprint(app.db)).toBe(before);
      stripe.intents.get(intent.paymentIntentId)!.status = 'succeeded';
      expect((await refund(order.id)).statusCode).toBe(200);
    });
  });
});

describe('the stripe gateway when Stripe cannot be reached', () => {
  it('answers 503 and records nothing', async () => {
    const stripe = await startStripeStandIn();
    const url = stripe.url;
    await stripe.close();
    const app = await createTestApp({ ...STRIPE_TEST_KEYS, STRIPE_API_URL: url });
    try {
      const buyer = await signUp(app);
      const order = await placeOrder(app, buyer);
      const res = await as(app, buyer, { method: 'POST', url: `/api/orders/${order.id}/payment-intent` });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await intentRows(app, order.id)).toHaveLength(0);
      const confirm = await as(app, buyer, {
        method: 'POST',
        url: `/api/orders/${order.id}/payment/confirm`,
        payload: { paymentIntentId: 'pi_123' },
      });
      expect(confirm.statusCode).toBe(503);
      expect((await orderRow(app, order.id)).status).toBe('unpaid');
    } finally {
      await app.close();
    }
  });
});
