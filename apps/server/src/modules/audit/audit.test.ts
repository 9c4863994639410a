import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEvent, AuditPage } from '@toolsify/shared/audit';
import { sql } from 'kysely';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, orderBody, payAsBuyer } from '../orders/orders.test-helpers.ts';
import { changedFields } from './audit.repository.ts';

describe('audit log', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let other: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    admin = await signUpAdmin(app, { email: 'ada.admin@shop.example', name: 'Ada' });
    other = await signUpAdmin(app, { email: 'otto.admin@shop.example', name: 'Otto' });
    buyer = await signUp(app, { verified: true, email: 'bob.buyer@example.com', name: 'Bob' });
  });
  afterAll(async () => {
    await app.close();
  });

  const audit = async (query = '', user: TestUser = admin) => {
    const res = await as(app, user, { method: 'GET', url: `/api/audit${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };
  const latest = async (): Promise<AuditEvent> => (await audit('?limit=1')).items[0]!;
  const count = async () =>
    Number(
      (
        await app.db
          .selectFrom('audit_event')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records each user action: make admin, revoke admin, remove user, with who did it and the role before and after', async () => {
    const customer = await signUp(app, { verified: true, email: 'carol@example.com' });
    expect((await as(app, admin, { method: 'POST', url: `/api/users/${customer.id}/admin` })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      action: 'user.make_admin',
      target: { type: 'user', id: customer.id, label: 'carol@example.com' },
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    expect((await as(app, other, { method: 'DELETE', url: `/api/users/${customer.id}/admin` })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      actor: { email: other.email },
      action: 'user.revoke_admin',
      before: { role: 'admin' },
      after: { role: 'user' },
    });
    expect((await as(app, admin, { method: 'DELETE', url: `/api/users/${customer.id}` })).statusCode).toBe(204);
    expect(await latest()).toMatchObject({
      action: 'user.remove',
      target: { label: 'carol@example.com' },
      before: { role: 'user' },
      after: null,
    });
  });

  it("records shipping and an admin's cancel of a buyer's order, not the buyer's own cancel", async () => {
    const tool = await makeTool(app, { available: 100 });
    const paid = (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 2) })).json() as { id: number };
    expect(await payAsBuyer(app, buyer, paid.id)).toBe(200);
    expect((await as(app, admin, { method: 'POST', url: `/api/orders/${paid.id}/ship` })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'order.ship',
      target: { type: 'order', id: String(paid.id), label: `#${paid.id} (${buyer.email})` },
      before: { status: 'paid' },
      after: { status: 'shipped' },
    });
    // A shipment's carrier and tracking number are part of what the admin did.
    const tracked = (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) })).json() as { id: number };
    expect(await payAsBuyer(app, buyer, tracked.id)).toBe(200);
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect((await as(app, admin, { method: 'POST', url: `/api/orders/${tracked.id}/ship`, payload: shipment })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'order.ship',
      before: { status: 'paid', carrier: null, trackingNumber: null },
      after: { status: 'shipped', ...shipment },
    });

    const byAdmin = (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) })).json() as { id: number };
    expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${byAdmin.id}` })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ action: 'order.cancel', target: { id: String(byAdmin.id) }, after: { status: 'cancelled' } });

    const before = await count();
    const byBuyer = (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) })).json() as { id: number };
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${byBuyer.id}` })).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('records a tool created, edited (only the changed fields), restocked and deleted', async () => {
    const created = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: 'Audit Wrench',
        sku: 'AUD-1',
        description: 'For the audit',
        img: 'https://cdn.example.com/w.png',
        available: 50,
        minimum: 5,
        priceCents: 1500,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(await latest()).toMatchObject({
      action: 'tool.create',
      target: { type: 'tool', id: String(id), label: 'Audit Wrench (AUD-1)' },
      before: null,
      after: { name: 'Audit Wrench', sku: 'AUD-1', priceCents: 1500, available: 50, minimum: 5 },
    });

    expect(
      (await as(app, admin, { method: 'PATCH', url: `/api/tools/${id}`, payload: { priceCents: 1400, name: 'Audit Wrench XL' } }))
        .statusCode,
    ).toBe(200);
    const edit = await latest();
    expect(edit).toMatchObject({ action: 'tool.update', target: { label: 'Audit Wrench XL (AUD-1)' } });
    expect(edit.before).toEqual({ name: 'Audit Wrench', priceCents: 1500 });
    expect(edit.after).toEqual({ name: 'Audit Wrench XL', priceCents: 1400 });

    expect(
      (await as(app, admin, { method: 'PATCH', url: `/api/tools/${id}`, payload: { stock: { delta: 25, reason: 'restock' } } })).statusCode,
    ).toBe(200);
    expect(await latest()).toMatchObject({ action: 'tool.restock', before: { available: 50 }, after: { available: 75 } });

    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${id}` })).statusCode).toBe(204);
    expect(await latest()).toMatchObject({ action: 'tool.delete', before: { sku: 'AUD-1' }, after: null });
  });

  it('writes nothing when the action fails', async () => {
    await makeTool(app, { available: 1 });
    const taken = await app.db.selectFrom('tool').select('sku').where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const tool = await makeTool(app, { available: 5 });
    const before = await count();
    const res = await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { sku: taken.sku } });
    expect(res.statusCode).toBe(409);
    expect((await as(app, admin, { method: 'POST', url: `/api/users/${admin.id}/admin` })).statusCode).toBe(200); // already admin: no change
    expect((await as(app, admin, { method: 'DELETE', url: `/api/users/${admin.id}/admin` })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('filters by actor, action, target and days, and pages newest first', async () => {
    const byOtto = await audit('?actor=otto');
    expect(byOtto.items.length).toBeGreaterThan(0);
    expect(byOtto.items.every((e) => e.actor.email === other.email)).toBe(true);
    expect((await audit(`?actor=${other.id}`)).items.map((e) => e.id)).toEqual(byOtto.items.map((e) => e.id));

    // The two shipments of the test before, newest first.
    const ships = await audit('?action=order.ship');
    expect(ships.items.length).toBe(2);
    const orderId = ships.items[0]!.target.id;
    expect((await audit(`?q=%23${orderId}`)).items.some((e) => e.action === 'order.ship')).toBe(true);
    expect((await audit('?q=AUD-1')).items.map((e) => e.action)).toEqual(['tool.delete', 'tool.restock', 'tool.update', 'tool.create']);
    expect((await audit('?q=CAROL@EXAMPLE')).items.map((e) => e.action)).toEqual(['user.remove', 'user.revoke_admin', 'user.make_admin']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).items.length).toBeGreaterThan(5);
    expect((await audit('?from=2001-01-01&to=2001-12-31')).items).toEqual([]);

    const all = await audit('?limit=100');
    const first = await audit('?limit=3');
    const second = await audit(`?limit=3&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.slice(0, 6).map((e) => e.id));
    expect(all.items.map((e) => e.id)).toEqual(all.items.map((e) => e.id).sort((a, b) => b - a));
  });

  it('answers a bad filter with a 400 naming it, and customers with 403', async () => {
    for (const [query, field] of [
      ['?action=user.delete_everything', 'action'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'from'],
      ['?limit=0', 'limit'],
      [`?q=${'x'.repeat(201)}`, 'q'],
      ['?sort=id', 'sort'],
    ] as const) {
      const res = await as(app, admin, { method: 'GET', url: `/api/audit${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
    expect((await as(app, buyer, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect((await as(app, null, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('cannot be changed or deleted, even by SQL from the app', async () => {
    const [row] = (await audit('?limit=1')).items;
    await expect(sql`update audit_event set action = 'tool.create' where id = ${row!.id}`.execute(app.db)).rejects.toThrow(
      /audit log cannot be changed/,
    );
    await expect(sql`delete from audit_event where id = ${row!.id}`.execute(app.db)).rejects.toThrow(/audit log cannot be changed/);
    expect((await latest()).id).toBe(row!.id);
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose values differ, each side its own; a creation or deletion keeps all', () => {
    expect(changedFields({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], c: 'y' })).toEqual({
      before: { b: [1, 2], c: 'x' },
      after: { b: [1, 3], c: 'y' },
    });
    expect(changedFields(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
    expect(changedFields({ a: 1 }, null)).toEqual({ before: { a: 1 }, after: null });
    expect(changedFields({ a: null }, { a: 2, b: null })).toEqual({ before: { a: null }, after: { a: 2 } });
  });
});
