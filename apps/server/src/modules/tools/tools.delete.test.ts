import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentGateway } from '../payments/payments.gateway.ts';
import { expireUnpaidOrders } from '../orders/orders.service.ts';
import { makeTool, orderBody, payWithTestCard, startPaying, stockOf } from '../orders/orders.test-helpers.ts';
import { deleteTool } from './tools.service.ts';

/** An unpaid order of a deleted tool could never be paid: deleting the tool cancels it. */
describe('deleting a tool cancels its unpaid orders', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // Not about the cap on unpaid orders: the buyers here hold more than 5.
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    [admin, alice, bob] = await Promise.all([signUpAdmin(app), signUp(app), signUp(app)]);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  async function place(user: TestUser, toolId: number, quantity: number): Promise<number> {
    const res = await as(app, user, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, quantity) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const statusOf = async (id: number) =>
    (await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const intentStatuses = async (id: number) =>
    (await app.db.selectFrom('payment_intent').select('status').where('order_id', '=', id).execute()).map((i) => i.status);
  const deleteAsAdmin = (id: number) => as(app, admin, { method: 'DELETE', url: `/api/tools/${id}` });

  it('cancels them with the deletion, payment started or not, and puts their stock back once; paid orders and other tools stay', async () => {
    const tool = await makeTool(app, { available: 100 });
    const otherTool = await makeTool(app, { available: 50 });
    const unpaid = await place(alice, tool.id, 10);
    const paying = await place(alice, tool.id, 5);
    await startPaying(app, alice, paying);
    const paid = await place(alice, tool.id, 7);
    expect((await payWithTestCard(app, alice, await startPaying(app, alice, paid))).statusCode).toBe(200);
    const bobs = await place(bob, tool.id, 20);
    const elsewhere = await place(alice, otherTool.id, 3);
    expect(await stockOf(app, tool.id)).toBe(58);

    const res = await deleteAsAdmin(tool.id);
    expect(res.statusCode, res.body).toBe(204);

    expect(await statusOf(unpaid)).toBe('cancelled');
    expect(await statusOf(paying)).toBe('cancelled');
    expect(await statusOf(bobs)).toBe('cancelled');
    expect(await statusOf(paid)).toBe('paid');
    expect(await statusOf(elsewhere)).toBe('unpaid');
    // The started payment was closed at the gateway, as a buyer's cancel closes it.
    expect(await intentStatuses(paying)).toEqual(['canceled']);
    // Only the paid order still holds stock; the other tool is untouched.
    expect(await stockOf(app, tool.id)).toBe(93);
    expect(await stockOf(app, otherTool.id)).toBe(47);
    await assertInvariants(app.db);
    // Each cancel is in the audit log as the deleting admin's, with why (an admin searching for the order finds it).
    const audited = await app.db
      .selectFrom('audit_event')
      .select(['target_id', 'actor_id', 'changes'])
      .where('action', '=', 'order.cancel')
      .where('target_id', 'in', [String(unpaid), String(paying), String(bobs)])
      .execute();
    expect(audited.map((row) => row.target_id).sort()).toEqual([String(unpaid), String(paying), String(bobs)].sort());
    expect(new Set(audited.map((row) => row.actor_id))).toEqual(new Set([admin.id]));
    expect(JSON.parse(audited[0]!.changes)).toMatchObject({
      after: { status: 'cancelled', reason: 'A tool of the order was taken out of the catalog' },
    });

    // Gone from My Orders, as after a cancel.
    const mine = (await as(app, alice, { url: '/api/orders/mine' })).json().items.map((o: { id: number }) => o.id);
    expect(mine).toEqual(expect.arrayContaining([paid, elsewhere]));
    expect(mine).not.toContain(unpaid);
    expect(mine).not.toContain(paying);

    // A second delete finds nothing: the stock went back once.
    expect((await deleteAsAdmin(tool.id)).statusCode).toBe(404);
    expect(await stockOf(app, tool.id)).toBe(93);
  });

  it('refuses to pay such an order, with a new payment or the one already started', async () => {
    const tool = await makeTool(app, { available: 30 });
    const fresh = await place(alice, tool.id, 4);
    const started = await place(alice, tool.id, 6);
    const intent = await startPaying(app, alice, started);
    expect((await deleteAsAdmin(tool.id)).statusCode).toBe(204);

    const newIntent = await as(app, alice, { method: 'POST', url: `/api/orders/${fresh}/payment-intent` });
    expect(newIntent.statusCode).toBe(409);
    expect(newIntent.json().error).toEqual({ code: 'INVALID_STATE', message: 'This order was cancelled.' });
    const card = await payWithTestCard(app, alice, intent);
    expect(card.statusCode).toBe(409);
    const confirm = await as(app, alice, {
      method: 'POST',
      url: `/api/orders/${started}/payment/confirm`,
      payload: { paymentIntentId: intent.paymentIntentId },
    });
    expect(confirm.statusCode).toBe(409);
    expect(await statusOf(fresh)).toBe('cancelled');
    expect(await statusOf(started)).toBe('cancelled');
    expect(await stockOf(app, tool.id)).toBe(30);
  });

  it('deletes the tool even when the gateway cannot close a payment now; that order stays unpaid until the expiry cancels it', async () => {
    const tool = await makeTool(app, { available: 40 });
    const plain = await place(bob, tool.id, 8);
    const stuck = await place(bob, tool.id, 2);
    const { paymentIntentId } = await startPaying(app, bob, stuck);
    const gateway = app.paymentGateway;
    const down: PaymentGateway = {
      ...gateway,
      cancelIntent: (id) => (id === paymentIntentId ? Promise.reject(new AppError('SERVICE_UNAVAILABLE')) : gateway.cancelIntent(id)),
    };
    await deleteTool(
      {
        db: app.db,
        dialect: app.dialect,
        catalogCache: app.catalogCache,
        log: app.log,
        mailer: app.mailer,
        config: app.config,
        paymentGateway: down,
      },
      admin.id,
      tool.id,
    );

    expect((await app.inject({ url: `/api/tools/${tool.id}` })).statusCode).toBe(404);
    expect(await statusOf(plain)).toBe('cancelled');
    expect(await statusOf(stuck)).toBe('unpaid');
    expect(await stockOf(app, tool.id)).toBe(38);
    // Once the gateway answers again, the expiry's next sweep (here: one placed before now) cancels it.
    expect(await expireUnpaidOrders(app, new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stuck)).toBe('cancelled');
    expect(await stockOf(app, tool.id)).toBe(40);
  });

  it('orders placed while the tool is being deleted are refused or cancelled: none is left holding stock', async () => {
    const tool = await makeTool(app, { available: 1_000 });
    const buyers = [alice, bob, await signUp(app), await signUp(app)];
    for (const buyer of buyers) await place(buyer, tool.id, 5);
    const orders = Array.from({ length: 16 }, (_, i) =>
      as(app, buyers[i % buyers.length]!, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 10) }),
    );
    const [deleted, ...answers] = await Promise.all([deleteAsAdmin(tool.id), ...orders]);
    expect(deleted.statusCode).toBe(204);
    // Placed before the deletion (then cancelled by it) or refused after it: the tool is gone.
    for (const a of answers) expect([201, 404], a.body).toContain(a.statusCode);
    const left = await app.db.selectFrom('orders').select('id').where('tool_id', '=', tool.id).where('status', '<>', 'cancelled').execute();
    expect(left).toEqual([]);
    expect(await stockOf(app, tool.id)).toBe(1_000);
    await assertInvariants(app.db);
  });
});
