import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@toolsify/shared/orders';
import { AppError } from '../../lib/errors.ts';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants, databaseFingerprint } from '../../test/invariants.ts';
import { outboxFor } from '../auth/testing/outbox.ts';
import { makeTool, orderBody, payAsBuyer, stockOf } from './orders.test-helpers.ts';
import { finishPendingRefunds } from './orders.service.ts';
import { PENDING_REFUND_AGE_MS } from './orders.expiry.ts';

/** Decision 025: an admin refunds a paid order that has not shipped. */
describe('refunding a paid order', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let admin: TestUser;

  const placed = async (quantity = 3) => {
    const tool = await makeTool(app, { available: 100, priceCents: 2_500 });
    const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, quantity) });
    expect(res.statusCode, res.body).toBe(201);
    return { tool, order: res.json() as Order };
  };
  const paid = async (quantity = 3) => {
    const made = await placed(quantity);
    expect(await payAsBuyer(app, buyer, made.order.id)).toBe(200);
    return made;
  };
  const refund = (id: number, payload?: object, user: TestUser = admin) =>
    as(app, user, { method: 'POST', url: `/api/orders/${id}/refund`, ...(payload === undefined ? {} : { payload }) });
  const ship = (id: number) => as(app, admin, { method: 'POST', url: `/api/orders/${id}/ship` });
  const read = async (id: number, user: TestUser = buyer) => (await as(app, user, { url: `/api/orders/${id}` })).json() as Order;
  const auditOf = (id: number) =>
    app.db.selectFrom('audit_event').selectAll().where('target_type', '=', 'order').where('target_id', '=', String(id)).execute();

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  it('gives the whole total back, cancels the order, returns its stock, and tells the buyer', async () => {
    const { tool, order } = await paid(3);
    const before = await stockOf(app, tool.id);
    const refundCall = vi.spyOn(app.paymentGateway, 'refundPayment');

    const res = await refund(order.id, { reason: 'Ordered twice' });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = res.json() as Order;
    expect(refunded).toMatchObject({ status: 'cancelled', paid: false, shipment: false });
    expect(refunded.refund).toMatchObject({ state: 'refunded', amountCents: 7_500 });
    expect(refunded.refund?.reference).toMatch(/^re_sandbox_/);
    expect(refundCall).toHaveBeenCalledOnce();
    expect(refundCall.mock.calls[0]?.[0]).toMatchObject({
      intentId: order.transactionId ?? refunded.transactionId,
      orderId: order.id,
      amountCents: 7_500,
    });
    expect(await stockOf(app, tool.id)).toBe(before + 3);

    const seen = await read(order.id);
    const reference = refunded.refund?.reference;
    expect(seen.history?.at(-1)).toMatchObject({ kind: 'cancelled', by: 'admin', note: `Refunded $75.00 (${reference}) · Ordered twice` });
    expect(seen.refund).toMatchObject({ reason: 'Ordered twice', creditNoteNumber: expect.stringMatching(/^CN-\d{4}-\d{6}$/) });
    expect(seen.cancellation ?? null).toBeNull();
    const mails = (await outboxFor(app, buyer.email)).filter((m) => m.subject === `Order #${order.id} was cancelled and refunded`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('We refunded the $75.00 you paid to the card you paid with');
    expect(mails[0]?.body).toContain('The store cancelled this order and refunded it.');
    expect(mails[0]?.body).toContain('Ordered twice');
    expect(mails[0]?.body).toContain(`Credit note: ${refunded.refund?.creditNoteNumber}`);
    expect(mails[0]?.body).not.toContain('Nothing was charged');

    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ action: 'order.refund', actor_id: admin.id });
    // The money in the audit log: what went back, the gateway's refund, the credit note.
    expect(JSON.parse(String(entry?.changes)).after).toMatchObject({
      status: 'cancelled',
      reason: 'Ordered twice',
      refunded: '$75.00',
      refundId: reference,
      creditNote: refunded.refund?.creditNoteNumber,
    });

    // The orders CSV says it, for the accounts.
    const csv = (await as(app, admin, { url: `/api/orders/export.csv?status=cancelled&q=${order.id}` })).body;
    expect(csv).toContain(`,${reference},${refunded.refund?.creditNoteNumber}`);

    // The buyer's My Orders with cancelled orders shows it refunded.
    const mine = (await as(app, buyer, { url: '/api/orders/mine?includeCancelled=true' })).json() as { items: Order[] };
    expect(mine.items.find((o) => o.id === order.id)?.refund).toMatchObject({ state: 'refunded', amountCents: 7_500 });
    await assertInvariants(app.db);
  });

  it('refunds once: asking again is a 409 that changes nothing', async () => {
    const { order } = await paid();
    expect((await refund(order.id)).statusCode).toBe(200);
    const before = await databaseFingerprint(app.db);
    const again = await refund(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order was already refunded.');
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('refuses an unpaid, a shipped or a never-paid cancelled order with a 409, and a buyer with a 403', async () => {
    const unpaid = (await placed()).order;
    const shipped = (await paid()).order;
    expect((await ship(shipped.id)).statusCode).toBe(200);
    const cancelled = (await placed()).order;
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${cancelled.id}` })).statusCode).toBe(200);
    const own = (await paid()).order;
    const before = await databaseFingerprint(app.db);
    const cases: Array<[number, string]> = [
      [unpaid.id, 'Only a paid order can be refunded.'],
      [shipped.id, 'A shipped order cannot be refunded here: it has left the warehouse.'],
      [cancelled.id, 'This order is cancelled: it was never paid.'],
    ];
    for (const [id, message] of cases) {
      const res = await refund(id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(message);
    }
    expect((await refund(own.id, undefined, buyer)).statusCode).toBe(403);
    expect((await refund(999_999)).statusCode).toBe(404);
    const bad = await refund(own.id, { reason: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('reason');
    expect((await refund(own.id, { amountCents: 1 })).statusCode).toBe(400);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await read(own.id)).status).toBe('paid');
  });

  it('a refusal by the gateway is a 402 that leaves the order paid and shippable, as it was', async () => {
    const { tool, order } = await paid();
    const stock = await stockOf(app, tool.id);
    const before = await databaseFingerprint(app.db);
    vi.spyOn(app.paymentGateway, 'refundPayment').mockResolvedValue({
      id: 're_refused',
      status: 'failed',
      amountCents: 7_500,
      failure: 'The refund failed at Stripe (expired_or_canceled_card).',
    });
    const res = await refund(order.id);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error.message).toBe('The refund failed at Stripe (expired_or_canceled_card).');
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await read(order.id)).refund).toBeNull();
    expect(await stockOf(app, tool.id)).toBe(stock);
    expect((await ship(order.id)).statusCode).toBe(200);
  });

  it('an unreachable gateway leaves the refund pending: the order cannot ship, and asking again finishes the same refund', async () => {
    const { tool, order } = await paid(2);
    const stock = await stockOf(app, tool.id);
    const keys: string[] = [];
    const real = app.paymentGateway.refundPayment.bind(app.paymentGateway);
    const call = vi.spyOn(app.paymentGateway, 'refundPayment').mockImplementation(async (input) => {
      keys.push(input.idempotencyKey);
      // The gateway made it, but its answer was lost on the way back.
      await real(input);
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment service is not available right now. Please try again in a moment.');
    });
    const lost = await refund(order.id, { reason: 'Customer changed their mind' });
    expect(lost.statusCode, lost.body).toBe(503);

    const pending = await read(order.id, admin);
    expect(pending).toMatchObject({ status: 'paid' });
    expect(pending.refund).toMatchObject({ state: 'pending', amountCents: 5_000, reference: null, refundedAt: null });
    const shipping = await ship(order.id);
    expect(shipping.statusCode).toBe(409);
    expect(shipping.json().error.message).toBe('This order is being refunded, so it cannot be shipped.');
    expect(await stockOf(app, tool.id)).toBe(stock);
    await assertInvariants(app.db);

    call.mockImplementation(async (input) => {
      keys.push(input.idempotencyKey);
      return real(input);
    });
    // Another admin finishes it, with another reason: the first request's reason stays.
    const other = await signUpAdmin(app);
    const done = await refund(order.id, { reason: 'Another reason' }, other);
    expect(done.statusCode, done.body).toBe(200);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((done.json() as Order).refund).toMatchObject({ state: 'refunded' });
    expect((await read(order.id)).history?.at(-1)?.note).toMatch(/^Refunded \$50\.00 \(re_sandbox_\w+\) · Customer changed their mind$/);
    // In the name of the admin who asked for it, and of the one who finished it.
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ action: 'order.refund', actor_id: admin.id });
    expect(JSON.parse(String(entry?.changes)).after).toMatchObject({ finishedBy: other.email, reason: 'Customer changed their mind' });
    expect(await stockOf(app, tool.id)).toBe(stock + 2);
  });

  it('a refusal after a lost answer takes the mark back, and a new request is a new refund', async () => {
    const { order } = await paid();
    const keys: string[] = [];
    const call = vi.spyOn(app.paymentGateway, 'refundPayment').mockImplementation(async (input) => {
      keys.push(input.idempotencyKey);
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment service is not available right now. Please try again in a moment.');
    });
    expect((await refund(order.id)).statusCode).toBe(503);
    call.mockImplementation(async (input) => {
      keys.push(input.idempotencyKey);
      return { id: 're_failed', status: 'failed', amountCents: 7_500, failure: null };
    });
    expect((await refund(order.id)).statusCode).toBe(402);
    expect((await read(order.id)).refund).toBeNull();
    vi.restoreAllMocks();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const spy = vi.spyOn(app.paymentGateway, 'refundPayment');
    expect((await refund(order.id)).statusCode).toBe(200);
    expect(keys[1]).toBe(keys[0]);
    expect(spy.mock.calls[0]?.[0].idempotencyKey).not.toBe(keys[0]);
  });

  it('a refund and a shipment at once: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { tool, order } = await paid(1);
      const stock = await stockOf(app, tool.id);
      const [refunded, shipped] = await Promise.all([refund(order.id), ship(order.id)]);
      const codes = [refunded.statusCode, shipped.statusCode].sort();
      expect(codes, `${refunded.body} / ${shipped.body}`).toEqual([200, 409]);
      const won = refunded.statusCode === 200;
      const now = await read(order.id);
      expect(now).toMatchObject(won ? { status: 'cancelled', refund: { state: 'refunded' } } : { status: 'shipped', refund: null });
      expect(await stockOf(app, tool.id)).toBe(won ? stock + 1 : stock);
    }
    await assertInvariants(app.db);
  });

  it('two admins refunding at once make one refund', async () => {
    const { tool, order } = await paid(4);
    const stock = await stockOf(app, tool.id);
    const results = await Promise.all([refund(order.id), refund(order.id), refund(order.id)]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length, results.map((r) => r.body).join('\n')).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(new Set(ok.map((r) => (r.json() as Order).refund?.reference)).size).toBe(1);
    expect(await stockOf(app, tool.id)).toBe(stock + 4);
    const mails = (await outboxFor(app, buyer.email)).filter((m) => m.subject === `Order #${order.id} was cancelled and refunded`);
    expect(mails).toHaveLength(1);
    await assertInvariants(app.db);
  });

  it('a refund left pending (a crash, an unreachable gateway) is finished by the sweep, once, with its first reason', async () => {
    const unreachable = () =>
      new AppError('SERVICE_UNAVAILABLE', 'The payment service is not available right now. Please try again in a moment.');
    const { tool, order } = await paid(2);
    const stock = await stockOf(app, tool.id);
    vi.spyOn(app.paymentGateway, 'refundPayment').mockRejectedValueOnce(unreachable());
    expect((await refund(order.id, { reason: 'Answer lost' })).statusCode).toBe(503);
    // Not old enough yet: left to a request that may still be asking the gateway.
    expect(await finishPendingRefunds(app, new Date(Date.now() - PENDING_REFUND_AGE_MS))).toBe(0);
    expect((await read(order.id)).refund?.state).toBe('pending');

    const later = () => new Date(Date.now() + PENDING_REFUND_AGE_MS);
    expect(await finishPendingRefunds(app, later())).toBe(1);
    expect(await read(order.id)).toMatchObject({ status: 'cancelled', refund: { state: 'refunded', reason: 'Answer lost' } });
    expect(await stockOf(app, tool.id)).toBe(stock + 2);
    expect(await finishPendingRefunds(app, later())).toBe(0);
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ action: 'order.refund', actor_id: admin.id });
    expect(JSON.parse(String(entry?.changes)).after).toMatchObject({ finishedBy: 'The pending-refunds sweep' });
    await assertInvariants(app.db);
  });

  it('a pending refund the gateway refuses when the sweep asks again is paid again, and the store is emailed once', async () => {
    const later = () => new Date(Date.now() + PENDING_REFUND_AGE_MS);
    const refused = await paid(1);
    vi.spyOn(app.paymentGateway, 'refundPayment')
      .mockRejectedValueOnce(new AppError('SERVICE_UNAVAILABLE', 'The payment service is not available right now.'))
      .mockRejectedValue(new AppError('PAYMENT_FAILED', 'The refund failed at Stripe (charge_disputed).'));
    expect((await refund(refused.order.id, { reason: 'Wrong site' })).statusCode).toBe(503);
    // Two sweeps at once (two processes): one email.
    expect(await Promise.all([finishPendingRefunds(app, later()), finishPendingRefunds(app, later())])).toEqual([0, 0]);
    expect(await read(refused.order.id)).toMatchObject({ status: 'paid', refund: null });
    const subject = `Refund of order #${refused.order.id} refused: $25.00 not returned to ${buyer.name}`;
    const mails = (await outboxFor(app, admin.email)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Nothing went back to the buyer: the order is paid again and can ship.');
    expect(mails[0]?.body).toContain('The refund failed at Stripe (charge_disputed).');
    expect(mails[0]?.body).toContain(admin.email);
    expect(mails[0]?.body).toContain('Wrong site');
    expect((await ship(refused.order.id)).statusCode).toBe(200);
    await assertInvariants(app.db);
  });

  it("an admin's own refused Finish refund is answered, not emailed", async () => {
    const { order } = await paid(1);
    vi.spyOn(app.paymentGateway, 'refundPayment')
      .mockRejectedValueOnce(new AppError('SERVICE_UNAVAILABLE', 'The payment service is not available right now.'))
      .mockRejectedValue(new AppError('PAYMENT_FAILED', 'The refund failed at Stripe (charge_disputed).'));
    expect((await refund(order.id)).statusCode).toBe(503);
    expect((await refund(order.id)).statusCode).toBe(402);
    const mails = (await outboxFor(app, admin.email)).filter((m) => m.subject.startsWith(`Refund of order #${order.id} refused`));
    expect(mails).toHaveLength(0);
  });
});
