import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { expireUnpaidOrders } from './orders.service.ts';
import { makeTool, orderBody, payAsBuyer } from './orders.test-helpers.ts';

/** An order's history: an event written with each change, in its transaction, saying who. */
describe('order history', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let admin: TestUser;
  const history = async (id: number) =>
    ((await as(app, admin, { url: `/api/orders/${id}` })).json().history as Array<{ kind: string; by: string; note: string | null }>).map(
      ({ kind, by, note }) => ({ kind, by, note }),
    );
  const place = async (quantity = 2) => {
    const tool = await makeTool(app, { available: 100 });
    return (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, quantity) })).json() as { id: number };
  };
  const eventCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('order_event')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('records placed, paid (with the transaction) and shipped (by an admin)', async () => {
    const order = await place();
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    expect((await as(app, admin, { method: 'POST', url: `/api/orders/${order.id}/ship` })).statusCode).toBe(200);
    const paid = (await as(app, buyer, { url: `/api/orders/${order.id}` })).json();
    expect(await history(order.id)).toEqual([
      { kind: 'placed', by: 'buyer', note: null },
      { kind: 'paid', by: 'buyer', note: paid.transactionId },
      { kind: 'shipped', by: 'admin', note: null },
    ]);
  });

  it('says who cancelled: the buyer, an admin, or the store (expiry)', async () => {
    const byBuyer = await place();
    await as(app, buyer, { method: 'DELETE', url: `/api/orders/${byBuyer.id}` });
    const byAdmin = await place();
    await as(app, admin, { method: 'DELETE', url: `/api/orders/${byAdmin.id}` });
    const expired = await place();
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 100 * 3_600_000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    await expireUnpaidOrders(app, new Date(Date.now() - 48 * 3_600_000));
    expect((await history(byBuyer.id)).at(-1)).toEqual({ kind: 'cancelled', by: 'buyer', note: null });
    expect((await history(byAdmin.id)).at(-1)).toEqual({ kind: 'cancelled', by: 'admin', note: null });
    expect((await history(expired.id)).at(-1)).toEqual({ kind: 'cancelled', by: 'store', note: 'Not paid in time' });
  });

  it('writes nothing for a change that did not happen: a refused order, a second cancel, shipping an unpaid order', async () => {
    const order = await place();
    await as(app, buyer, { method: 'DELETE', url: `/api/orders/${order.id}` });
    const before = await eventCount();
    const tool = await makeTool(app, { available: 1 });
    expect((await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 5) })).statusCode).toBe(409);
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(409);
    const unpaid = await place();
    const afterPlacing = await eventCount();
    expect((await as(app, admin, { method: 'POST', url: `/api/orders/${unpaid.id}/ship` })).statusCode).toBe(409);
    expect(afterPlacing).toBe(before + 1);
    expect(await eventCount()).toBe(afterPlacing);
  });
});
