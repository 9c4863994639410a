import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { findDuplicateOrder, type Order } from '@toolsify/shared/orders';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import { makeTool, orderBody, payAsBuyer } from './orders.test-helpers.ts';

/**
 * Issue 18, item 3: the purchase page asks before placing the same order again. It reads the
 * buyer's unpaid one-tool orders of the tool placed in the last 10 minutes.
 */
describe('GET /api/orders/mine/recent-unpaid', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let other: TestUser;

  const place = async (user: TestUser, payload: Record<string, unknown>) => {
    const res = await as(app, user, { method: 'POST', url: '/api/orders', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  };
  const recent = async (toolId: number, user: TestUser = buyer) => {
    const res = await as(app, user, { url: `/api/orders/mine/recent-unpaid?toolId=${toolId}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Order[] }).items;
  };

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
    other = await signUp(app);
  });
  afterAll(() => app.close());

  it("answers the buyer's own unpaid one-tool orders of that tool from the last 10 minutes, newest first", async () => {
    const tool = await makeTool(app, { available: 1_000 });
    const another = await makeTool(app, { available: 1_000 });
    const first = await place(buyer, orderBody(tool.id, 5));
    const second = await place(buyer, orderBody(tool.id, 7));
    // Not these: another tool, an order of several lines, another buyer's, a paid one, a cancelled one, an old one.
    await place(buyer, orderBody(another.id, 5));
    await place(buyer, {
      lines: [
        { toolId: tool.id, quantity: 5 },
        { toolId: another.id, quantity: 1 },
      ],
      phone: '+1 555 010 2030',
      address: '12 Main St',
    });
    await place(other, orderBody(tool.id, 5));
    const paid = await place(buyer, orderBody(tool.id, 5));
    expect(await payAsBuyer(app, buyer, paid.id)).toBe(200);
    const cancelled = await place(buyer, orderBody(tool.id, 5));
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${cancelled.id}` })).statusCode).toBe(200);
    const old = await place(buyer, orderBody(tool.id, 5));
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('id', '=', old.id)
      .execute();

    const items = await recent(tool.id);
    expect(items.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({ status: 'unpaid', toolId: tool.id, quantity: 7 });
    expect((await recent(tool.id, other)).map((o) => o.quantity)).toEqual([5]);

    // The page's own rule: the same tool AND quantity.
    const now = Date.now();
    expect(findDuplicateOrder(items, tool.id, 5, now)?.id).toBe(first.id);
    expect(findDuplicateOrder(items, tool.id, 7, now)?.id).toBe(second.id);
    expect(findDuplicateOrder(items, tool.id, 6, now)).toBeUndefined();
    expect(findDuplicateOrder(items, tool.id, 5, now + 10 * 60_000 + 1)).toBeUndefined();
  });

  it('answers nothing for a tool never ordered, and refuses a bad query with a 400 naming it', async () => {
    const tool = await makeTool(app, { available: 10 });
    expect(await recent(tool.id)).toEqual([]);
    for (const query of ['', '?toolId=0', '?toolId=abc', '?toolId=99999999999', '?toolId=1.5']) {
      const res = await as(app, buyer, { url: `/api/orders/mine/recent-unpaid${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toContain('toolId');
    }
    // A parameter it does not know is refused too.
    const extra = await as(app, buyer, { url: `/api/orders/mine/recent-unpaid?toolId=${tool.id}&quantity=5` });
    expect(extra.statusCode).toBe(400);
  });

  it('is for signed-in buyers only', async () => {
    expect((await as(app, null, { url: '/api/orders/mine/recent-unpaid?toolId=1' })).statusCode).toBe(401);
  });
});
