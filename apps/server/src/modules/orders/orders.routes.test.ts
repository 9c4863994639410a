import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages } from '@toolsify/shared/messages';
import type { Order } from '@toolsify/shared/orders';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, markPaid, orderBody, stockOf } from './orders.test-helpers.ts';

describe('orders API', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    // Not about the cap on unpaid orders (orders.limits.test.ts is): these buyers hold more than 5.
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    alice = await signUp(app, { name: 'Alice Buyer' });
    bob = await signUp(app, { name: 'Bob Buyer' });
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
  });
  afterAll(() => app.close());

  const place = (user: TestUser | null, body: unknown, headers: Record<string, string> = {}) =>
    as(app, user, { method: 'POST', url: '/api/orders', payload: body as Record<string, unknown>, headers });

  async function placed(user: TestUser, toolId: number, quantity: number): Promise<Order> {
    const res = await place(user, orderBody(toolId, quantity));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  describe('POST /api/orders', () => {
    it('creates an unpaid order with buyer from the session and price from the tool, and takes the stock', async () => {
      const tool = await makeTool(app, { available: 500, minimum: 100, priceCents: 1999 });
      const res = await place(alice, orderBody(tool.id, 120, { address: '  7 Elm Road  ' }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      expect(order).toMatchObject({
        toolId: tool.id,
        tool: tool.name,
        quantity: 120,
        unitPriceCents: 1999,
        totalCents: 1999 * 120,
        buyer: alice.email,
        buyerName: 'Alice Buyer',
        phone: '+1 555 010 2030',
        address: '7 Elm Road',
        status: 'unpaid',
        paid: false,
        shipment: false,
        transactionId: null,
      });
      expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
      expect(await stockOf(app, tool.id)).toBe(380);
    });

    it('accepts exactly the minimum and exactly the whole stock', async () => {
      const tool = await makeTool(app, { available: 30, minimum: 10 });
      await placed(alice, tool.id, 10);
      await placed(alice, tool.id, 20);
      expect(await stockOf(app, tool.id)).toBe(0);
    });

    it("refuses below the minimum with the spec's message, and changes nothing", async () => {
      const tool = await makeTool(app, { available: 500, minimum: 100 });
      const res = await place(alice, orderBody(tool.id, 99));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: messages.quantityBelowMinimum,
        fields: { quantity: messages.quantityBelowMinimum },
      });
      expect(await stockOf(app, tool.id)).toBe(500);
    });

    it("refuses above the stock with 409 OUT_OF_STOCK and the spec's message", async () => {
      const tool = await makeTool(app, { available: 50, minimum: 10 });
      const res = await place(alice, orderBody(tool.id, 51));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: messages.quantityAboveAvailable,
        fields: { quantity: messages.quantityAboveAvailable },
      });
      expect(await stockOf(app, tool.id)).toBe(50);
      const empty = await makeTool(app, { available: 0, minimum: 1 });
      expect((await place(alice, orderBody(empty.id, 1))).json().error.code).toBe('OUT_OF_STOCK');
    });

    it('refuses an unknown or deleted tool with 404', async () => {
      expect((await place(alice, orderBody(987_654, 1))).statusCode).toBe(404);
      const tool = await makeTool(app, { available: 50 });
      await app.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('id', '=', tool.id).execute();
      const res = await place(alice, orderBody(tool.id, 1));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('This tool is not available.');
      expect(await stockOf(app, tool.id)).toBe(50);
    });

    it('rejects unknown fields, a client price or buyer, bad types and missing fields', async () => {
      const tool = await makeTool(app, { available: 50 });
      const bad: Record<string, unknown>[] = [
        orderBody(tool.id, 5, { price: 1 }),
        orderBody(tool.id, 5, { unitPriceCents: 0 }),
        orderBody(tool.id, 5, { buyer: bob.email }),
        orderBody(tool.id, 5, { status: 'paid' }),
        orderBody(tool.id, 5, { quantity: '5' }),
        orderBody(tool.id, 5, { quantity: 2.5 }),
        orderBody(tool.id, 5, { quantity: -3 }),
        orderBody(tool.id, 5, { toolId: 'x' }),
        orderBody(tool.id, 5, { phone: '' }),
        orderBody(tool.id, 5, { address: '   ' }),
        orderBody(tool.id, 5, { address: 'x'.repeat(501) }),
        { toolId: tool.id, quantity: 5 },
      ];
      for (const body of bad) {
        const res = await place(alice, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      const unknown = await place(alice, orderBody(tool.id, 5, { price: 1 }));
      expect(unknown.json().error.fields).toEqual({ price: 'This field is not allowed' });
      const raw = await as(app, alice, {
        method: 'POST',
        url: '/api/orders',
        payload: '{"toolId":',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw.statusCode).toBe(400);
      expect(await stockOf(app, tool.id)).toBe(50);
    });

    it('needs a session', async () => {
      const tool = await makeTool(app, { available: 50 });
      const res = await place(null, orderBody(tool.id, 1));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(await stockOf(app, tool.id)).toBe(50);
    });

    it('clears the cached catalog so the home page shows the new stock', async () => {
      const tool = await makeTool(app, { available: 80 });
      const before = (await app.inject({ url: '/api/tools?limit=1' })).json();
      expect(before.items[0]).toMatchObject({ id: tool.id, available: 80 });
      await placed(alice, tool.id, 30);
      const after = (await app.inject({ url: '/api/tools?limit=1' })).json();
      expect(after.items[0]).toMatchObject({ id: tool.id, available: 50 });
    });

    it('keeps the price and name of the moment the order was placed', async () => {
      const tool = await makeTool(app, { available: 100, priceCents: 500 });
      const order = await placed(alice, tool.id, 10);
      await app.db.updateTable('tool').set({ price_cents: 900, name: 'Renamed' }).where('id', '=', tool.id).execute();
      const again = (await as(app, alice, { url: `/api/orders/${order.id}` })).json();
      expect(again).toMatchObject({ tool: tool.name, unitPriceCents: 500, totalCents: 5000 });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the same order again and takes the stock once', async () => {
      const tool = await makeTool(app, { available: 100 });
      const headers = { 'idempotency-key': 'attempt-0001-aaaa' };
      const first = await place(alice, orderBody(tool.id, 10), headers);
      expect(first.statusCode).toBe(201);
      const second = await place(alice, orderBody(tool.id, 10), headers);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await stockOf(app, tool.id)).toBe(90);
    });

    it('takes the stock once when the same key arrives many times at once', async () => {
      const tool = await makeTool(app, { available: 100 });
      const headers = { 'idempotency-key': 'attempt-race-bbbb' };
      const answers = await Promise.all(Array.from({ length: 12 }, () => place(alice, orderBody(tool.id, 7), headers)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(11);
      expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
      expect(await stockOf(app, tool.id)).toBe(93);
    });

    it('refuses the same key with a different order, and keeps keys apart per user', async () => {
      const tool = await makeTool(app, { available: 100 });
      const headers = { 'idempotency-key': 'attempt-0002-cccc' };
      await place(alice, orderBody(tool.id, 10), headers);
      const changed = await place(alice, orderBody(tool.id, 11), headers);
      expect(changed.statusCode).toBe(409);
      expect(changed.json().error.code).toBe('CONFLICT');
      const bobs = await place(bob, orderBody(tool.id, 10), headers);
      expect(bobs.statusCode).toBe(201);
      expect(bobs.json().buyer).toBe(bob.email);
      expect(await stockOf(app, tool.id)).toBe(80);
    });

    it('rejects a malformed key', async () => {
      const tool = await makeTool(app, { available: 100 });
      for (const key of ['short', 'x'.repeat(129), 'with spaces in it']) {
        const res = await place(alice, orderBody(tool.id, 1), { 'idempotency-key': key });
        expect(res.statusCode, key).toBe(400);
      }
      expect(await stockOf(app, tool.id)).toBe(100);
    });

    it('answers the first order to a retry after the stock has run out, or the tool is gone', async () => {
      const tool = await makeTool(app, { available: 20 });
      const headers = { 'idempotency-key': 'attempt-0004-eeee' };
      const first = await place(alice, orderBody(tool.id, 20), headers);
      expect(first.statusCode).toBe(201);
      expect(await stockOf(app, tool.id)).toBe(0);
      const retry = await place(alice, orderBody(tool.id, 20), headers);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
      await app.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('id', '=', tool.id).execute();
      const afterDelete = await place(alice, orderBody(tool.id, 20), headers);
      expect(afterDelete.statusCode).toBe(200);
      expect(afterDelete.json().id).toBe(first.json().id);
    });

    it('a failed attempt does not burn the key', async () => {
      const tool = await makeTool(app, { available: 5 });
      const headers = { 'idempotency-key': 'attempt-0003-dddd' };
      expect((await place(alice, orderBody(tool.id, 6), headers)).statusCode).toBe(409);
      expect((await place(alice, orderBody(tool.id, 5), headers)).statusCode).toBe(201);
    });
  });

  describe('races', () => {
    it('50 concurrent orders against a stock of 10: exactly 10 orders, 40 OUT_OF_STOCK, stock 0', async () => {
      const tool = await makeTool(app, { available: 10, minimum: 1 });
      const buyers = [alice, bob, await signUp(app), await signUp(app), await signUp(app)];
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => place(buyers[i % buyers.length]!, orderBody(tool.id, 1))));
      const created = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused) expect(r.json().error.code).toBe('OUT_OF_STOCK');
      expect(await stockOf(app, tool.id)).toBe(0);
      const rows = await app.db.selectFrom('orders').select('id').where('tool_id', '=', tool.id).execute();
      expect(rows).toHaveLength(10);
    });

    it('two cancels at once put the stock back once', async () => {
      const tool = await makeTool(app, { available: 40 });
      const order = await placed(alice, tool.id, 15);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => as(app, alice, { method: 'DELETE', url: `/api/orders/${order.id}` })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await stockOf(app, tool.id)).toBe(40);
    });
  });

  describe('GET /api/orders/mine and /api/orders/:id', () => {
    it("lists only the user's own listed orders, newest first, paginated", async () => {
      const carol = await signUp(app);
      const tool = await makeTool(app, { available: 1000 });
      const mine = [];
      for (let i = 1; i <= 5; i++) mine.push(await placed(carol, tool.id, i));
      await placed(bob, tool.id, 1);
      await as(app, carol, { method: 'DELETE', url: `/api/orders/${mine[2]!.id}` });
      const page1 = (await as(app, carol, { url: '/api/orders/mine?limit=2' })).json();
      expect(page1.items.map((o: Order) => o.quantity)).toEqual([5, 4]);
      const page2 = (await as(app, carol, { url: `/api/orders/mine?limit=2&cursor=${page1.nextCursor}` })).json();
      expect(page2.items.map((o: Order) => o.quantity)).toEqual([2, 1]);
      expect(page2.nextCursor).toBeNull();
      expect((await as(app, null, { url: '/api/orders/mine' })).statusCode).toBe(401);
      expect((await as(app, carol, { url: '/api/orders/mine?buyer=x' })).statusCode).toBe(400);
    });

    it('shows an order to its buyer and to an admin; anyone else gets 404', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 3);
      // The one order's read adds its history to what the other answers say.
      const withHistory = { ...order, history: [{ kind: 'placed', at: expect.any(String), by: 'buyer', note: null }] };
      expect((await as(app, alice, { url: `/api/orders/${order.id}` })).json()).toEqual(withHistory);
      expect((await as(app, admin, { url: `/api/orders/${order.id}` })).json()).toEqual(withHistory);
      const other = await as(app, bob, { url: `/api/orders/${order.id}` });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('NOT_FOUND');
      expect((await as(app, null, { url: `/api/orders/${order.id}` })).statusCode).toBe(401);
      for (const id of ['999999', 'abc', '-1', '0', '1.5']) {
        expect((await as(app, alice, { url: `/api/orders/${id}` })).statusCode, id).toBe(404);
      }
    });
  });

  describe('DELETE /api/orders/:id (cancel)', () => {
    it('cancels an unpaid order, puts the stock back once, keeps the row, and drops it from the lists', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 25);
      expect(await stockOf(app, tool.id)).toBe(75);
      const res = await as(app, alice, { method: 'DELETE', url: `/api/orders/${order.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: 'cancelled', paid: false });
      expect(await stockOf(app, tool.id)).toBe(100);

      const again = await as(app, alice, { method: 'DELETE', url: `/api/orders/${order.id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'INVALID_STATE', message: 'This order is already cancelled.' });
      expect(await stockOf(app, tool.id)).toBe(100);

      const row = await app.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('cancelled');
      expect(row.cancelled_at).not.toBeNull();
      const mine = (await as(app, alice, { url: '/api/orders/mine?limit=100' })).json();
      expect(mine.items.some((o: Order) => o.id === order.id)).toBe(false);
      const all = (await as(app, admin, { url: '/api/orders?limit=100' })).json();
      expect(all.items.some((o: Order) => o.id === order.id)).toBe(false);
      const cancelled = (await as(app, admin, { url: '/api/orders?status=cancelled&limit=100' })).json();
      expect(cancelled.items.some((o: Order) => o.id === order.id)).toBe(true);
    });

    it("answers 404 for another customer's order and changes nothing", async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      const res = await as(app, bob, { method: 'DELETE', url: `/api/orders/${order.id}` });
      expect(res.statusCode).toBe(404);
      expect(await stockOf(app, tool.id)).toBe(90);
      expect((await as(app, null, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(401);
    });

    it('lets an admin cancel an unpaid order', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
      expect(await stockOf(app, tool.id)).toBe(100);
    });

    it("keeps an admin's reason in the order's history and the audit log; a bad reason is refused and changes nothing", async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      const cancel = (payload: Record<string, unknown>) => as(app, admin, { method: 'DELETE', url: `/api/orders/${order.id}`, payload });
      for (const payload of [{ reason: 'x'.repeat(201) }, { reason: 'Out of stock\nuntil March' }, { reason: 42 }]) {
        const res = await cancel(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.fields).toHaveProperty('reason');
      }
      // A field the server sets is refused, not ignored.
      expect((await cancel({ reason: 'Fine', status: 'paid' })).statusCode).toBe(400);
      expect(await stockOf(app, tool.id)).toBe(90);

      expect((await cancel({ reason: '  Out of stock until March  ' })).statusCode).toBe(200);
      expect(await stockOf(app, tool.id)).toBe(100);
      const seen = (await as(app, alice, { url: `/api/orders/${order.id}` })).json() as Order;
      expect(seen.history?.at(-1)).toMatchObject({ kind: 'cancelled', by: 'admin', note: 'Out of stock until March' });
      const audit = await app.db
        .selectFrom('audit_event')
        .select('changes')
        .where('action', '=', 'order.cancel')
        .where('target_id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.changes)).toMatchObject({ before: { reason: null }, after: { reason: 'Out of stock until March' } });
      // An empty reason is none, as no body is.
      const other = await placed(alice, tool.id, 1);
      expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${other.id}`, payload: { reason: ' ' } })).statusCode).toBe(200);
      const none = (await as(app, alice, { url: `/api/orders/${other.id}` })).json() as Order;
      expect(none.history?.at(-1)).toMatchObject({ kind: 'cancelled', note: null });
    });

    it('refuses to cancel a paid or shipped order (409), for buyer and admin alike', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      expect(await markPaid(app, order.id)).toBe(true);
      for (const user of [alice, admin]) {
        const res = await as(app, user, { method: 'DELETE', url: `/api/orders/${order.id}` });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe('Only an unpaid order can be cancelled.');
      }
      await as(app, admin, { method: 'POST', url: `/api/orders/${order.id}/ship` });
      expect((await as(app, alice, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(409);
      expect(await stockOf(app, tool.id)).toBe(90);
    });

    it('puts stock back even if the tool was deleted meanwhile', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      await app.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('id', '=', tool.id).execute();
      expect((await as(app, alice, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
      expect(await stockOf(app, tool.id)).toBe(100);
    });
  });

  describe('GET /api/orders (admin)', () => {
    it('lists every listed order newest first with the buyer, paginated', async () => {
      const tool = await makeTool(app, { available: 100 });
      const a = await placed(alice, tool.id, 1);
      const b = await placed(bob, tool.id, 2);
      const page = (await as(app, admin, { url: '/api/orders?limit=2' })).json();
      expect(page.items.map((o: Order) => o.id)).toEqual([b.id, a.id]);
      expect(page.items[0]).toMatchObject({ buyer: bob.email, buyerName: 'Bob Buyer' });
      expect(page.nextCursor).toBe(a.id);
      const next = (await as(app, admin, { url: `/api/orders?limit=2&cursor=${page.nextCursor}` })).json();
      expect(next.items.every((o: Order) => o.id < a.id)).toBe(true);
    });

    it('is admin only', async () => {
      expect((await as(app, alice, { url: '/api/orders' })).statusCode).toBe(403);
      expect((await as(app, null, { url: '/api/orders' })).statusCode).toBe(401);
      expect((await as(app, admin, { url: '/api/orders?limit=1000' })).statusCode).toBe(400);
      expect((await as(app, admin, { url: '/api/orders?status=lost' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/orders/:id/ship (admin)', () => {
    it('ships a paid order once; unpaid or shipped answers 409', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      const ship = () => as(app, admin, { method: 'POST', url: `/api/orders/${order.id}/ship` });
      const early = await ship();
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toMatchObject({ code: 'INVALID_STATE', message: 'Only a paid order can be shipped.' });
      await markPaid(app, order.id, 'pi_sandbox_123');
      const paid = (await as(app, alice, { url: `/api/orders/${order.id}` })).json();
      expect(paid).toMatchObject({ status: 'paid', paid: true, shipment: false, transactionId: 'pi_sandbox_123' });
      const res = await ship();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'shipped', paid: true, shipment: true, transactionId: 'pi_sandbox_123' });
      const twice = await ship();
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('This order has already shipped.');
      expect(await stockOf(app, tool.id)).toBe(90);
    });

    it('is admin only, and 404 for an unknown order', async () => {
      const tool = await makeTool(app, { available: 100 });
      const order = await placed(alice, tool.id, 10);
      await markPaid(app, order.id);
      expect((await as(app, alice, { method: 'POST', url: `/api/orders/${order.id}/ship` })).statusCode).toBe(403);
      expect((await as(app, null, { method: 'POST', url: `/api/orders/${order.id}/ship` })).statusCode).toBe(401);
      expect((await as(app, admin, { method: 'POST', url: '/api/orders/999999/ship' })).statusCode).toBe(404);
      expect((await as(app, alice, { url: `/api/orders/${order.id}` })).json().status).toBe('paid');
    });
  });
});
