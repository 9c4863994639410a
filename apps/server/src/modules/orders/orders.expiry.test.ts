import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentGateway } from '../payments/payments.gateway.ts';
import { EXPIRY_INTERVAL_MS, startUnpaidOrderExpiry } from './orders.expiry.ts';
import { expireUnpaidOrders } from './orders.service.ts';
import { makeTool, orderBody, payWithTestCard, startPaying, stockOf } from './orders.test-helpers.ts';

const HOUR = 3_600_000;

describe('unpaid orders expire after UNPAID_ORDER_TTL_HOURS', () => {
  let app: FastifyInstance;
  let buyer: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ UNPAID_ORDER_TTL_HOURS: '48' });
    [buyer] = await Promise.all([signUp(app), signUpAdmin(app)]);
  });
  afterAll(async () => {
    await assertInvariants(app.db);
    await app.close();
  });

  async function orderPlacedHoursAgo(toolId: number, quantity: number, hours: number): Promise<number> {
    const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, quantity) });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().id;
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - hours * HOUR).toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const statusOf = async (id: number) =>
    (await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('tells the web app, which says so on My Orders', async () => {
    expect((await app.inject({ url: '/api/config' })).json().unpaidOrderTtlHours).toBe(48);
  });

  it('gives each unpaid order the time it expires, and none once it is paid', async () => {
    const tool = await makeTool(app, { available: 100 });
    const id = await orderPlacedHoursAgo(tool.id, 10, 1);
    const unpaid = (await as(app, buyer, { url: `/api/orders/${id}` })).json();
    expect(Date.parse(unpaid.expiresAt) - Date.parse(unpaid.createdAt)).toBe(48 * HOUR);
    const mine = (await as(app, buyer, { url: '/api/orders/mine' })).json();
    expect(mine.items.find((o: { id: number }) => o.id === id).expiresAt).toBe(unpaid.expiresAt);
    expect((await payWithTestCard(app, buyer, await startPaying(app, buyer, id))).statusCode).toBe(200);
    expect((await as(app, buyer, { url: `/api/orders/${id}` })).json().expiresAt).toBeNull();
  });

  it('cancels the unpaid orders placed before the cutoff and puts their stock back; nothing else', async () => {
    const tool = await makeTool(app, { available: 100 });
    const old = await orderPlacedHoursAgo(tool.id, 10, 49);
    const recent = await orderPlacedHoursAgo(tool.id, 20, 47);
    const oldPaid = await orderPlacedHoursAgo(tool.id, 30, 72);
    expect((await payWithTestCard(app, buyer, await startPaying(app, buyer, oldPaid))).statusCode).toBe(200);
    expect(await stockOf(app, tool.id)).toBe(40);

    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * HOUR))).toBe(1);
    expect(await statusOf(old)).toBe('cancelled');
    expect(await statusOf(recent)).toBe('unpaid');
    expect(await statusOf(oldPaid)).toBe('paid');
    expect(await stockOf(app, tool.id)).toBe(50);
    // Gone from My Orders, as a cancel by the buyer would be.
    const mine = await as(app, buyer, { url: '/api/orders/mine' });
    expect(mine.json().items.map((o: { id: number }) => o.id)).not.toContain(old);

    // A second run finds nothing more to do.
    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * HOUR))).toBe(0);
    expect(await stockOf(app, tool.id)).toBe(50);
  });

  it('closes the payment an expired order had started, so it can no longer be paid', async () => {
    const tool = await makeTool(app, { available: 10 });
    const id = await orderPlacedHoursAgo(tool.id, 3, 50);
    const intent = await startPaying(app, buyer, id);
    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * HOUR))).toBe(1);
    const intents = await app.db.selectFrom('payment_intent').select('status').where('order_id', '=', id).execute();
    expect(intents.map((i) => i.status)).toEqual(['canceled']);
    const pay = await payWithTestCard(app, buyer, intent);
    expect(pay.statusCode).toBe(409);
    expect(await statusOf(id)).toBe('cancelled');
  });

  it('goes on past an order whose payment the gateway cannot close now, which stays unpaid', async () => {
    const tool = await makeTool(app, { available: 10 });
    const stuck = await orderPlacedHoursAgo(tool.id, 2, 52);
    const next = await orderPlacedHoursAgo(tool.id, 3, 51);
    const { paymentIntentId } = await startPaying(app, buyer, stuck);
    const gateway = app.paymentGateway;
    const down: PaymentGateway = {
      ...gateway,
      cancelIntent: (id) => (id === paymentIntentId ? Promise.reject(new AppError('SERVICE_UNAVAILABLE')) : gateway.cancelIntent(id)),
    };
    const deps = {
      db: app.db,
      dialect: app.dialect,
      catalogCache: app.catalogCache,
      log: app.log,
      mailer: app.mailer,
      config: app.config,
      paymentGateway: down,
    };
    expect(await expireUnpaidOrders(deps, new Date(Date.now() - 48 * HOUR))).toBe(1);
    expect(await statusOf(stuck)).toBe('unpaid');
    expect(await statusOf(next)).toBe('cancelled');
    expect(await stockOf(app, tool.id)).toBe(8);
    // Once the gateway answers again, the next sweep cancels it.
    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * HOUR))).toBe(1);
    expect(await statusOf(stuck)).toBe('cancelled');
    expect(await stockOf(app, tool.id)).toBe(10);
  });

  it('runs by itself at start and then on its interval, until stopped', async () => {
    const tool = await makeTool(app, { available: 10 });
    const id = await orderPlacedHoursAgo(tool.id, 4, 49);
    const stop = startUnpaidOrderExpiry(app, 48, 20);
    try {
      await expect.poll(() => statusOf(id), { timeout: 5_000 }).toBe('cancelled');
      const later = await orderPlacedHoursAgo(tool.id, 5, 49);
      await expect.poll(() => statusOf(later), { timeout: 5_000 }).toBe('cancelled');
    } finally {
      await stop();
    }
    expect(await stockOf(app, tool.id)).toBe(10);
  });
});

describe('UNPAID_ORDER_TTL_HOURS', () => {
  it('is 48 hours unless set, 0 turns it off, and a value that is not a whole number of hours is refused', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({}).UNPAID_ORDER_TTL_HOURS).toBe(48);
    expect(loadConfig({ UNPAID_ORDER_TTL_HOURS: '72' }).UNPAID_ORDER_TTL_HOURS).toBe(72);
    expect(loadConfig({ UNPAID_ORDER_TTL_HOURS: '0' }).UNPAID_ORDER_TTL_HOURS).toBe(0);
    for (const bad of ['-1', '1.5', 'soon']) expect(() => loadConfig({ UNPAID_ORDER_TTL_HOURS: bad })).toThrow(/UNPAID_ORDER_TTL_HOURS/);
  });

  it('unset, /api/config says unpaid orders expire after 48 hours', async () => {
    const app = await createTestApp();
    try {
      expect((await app.inject({ url: '/api/config' })).json().unpaidOrderTtlHours).toBe(48);
    } finally {
      await app.close();
    }
  });

  it('0, /api/config says unpaid orders never expire', async () => {
    const app = await createTestApp({ UNPAID_ORDER_TTL_HOURS: '0' });
    try {
      const res = await app.inject({ url: '/api/config' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().unpaidOrderTtlHours).toBeNull();
      const [buyer] = await Promise.all([signUp(app), signUpAdmin(app)]);
      const tool = await makeTool(app, { available: 10 });
      const placed = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().expiresAt).toBeNull();
    } finally {
      await app.close();
    }
  });

  /**
   * The expiry as the app runs it: an order placed `hoursAgo`, then one interval of the expiry's
   * timer (faked, so the test need not wait 5 minutes). Answers the order's status after it.
   */
  async function statusAfterOneInterval(env: Record<string, string>, hoursAgo: number): Promise<string> {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await createTestApp(env);
    try {
      const buyer = await signUp(app);
      await signUpAdmin(app);
      const tool = await makeTool(app, { available: 10 });
      const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 2) });
      expect(res.statusCode, res.body).toBe(201);
      const id: number = res.json().id;
      await app.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.now() - hoursAgo * HOUR).toISOString() })
        .where('id', '=', id)
        .execute();
      vi.advanceTimersByTime(EXPIRY_INTERVAL_MS);
      // The sweep runs on real time once its timer fired: give it time to finish.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const row = await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      await assertInvariants(app.db);
      return row.status;
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  }

  it('0, no unpaid order ever expires, however old', async () => {
    // The same steps with an expiry of 1 hour cancel the order: the check below can fail.
    expect(await statusAfterOneInterval({ UNPAID_ORDER_TTL_HOURS: '1' }, 2)).toBe('cancelled');
    expect(await statusAfterOneInterval({ UNPAID_ORDER_TTL_HOURS: '0' }, 24 * 365)).toBe('unpaid');
  });
});
