import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@toolsify/shared/orders';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { outboxFor } from '../auth/testing/outbox.ts';
import { makeTool, orderBody, payAsBuyer } from './orders.test-helpers.ts';

/** Issue 18, item 5: the admin's Shipment with an optional carrier and tracking number. */
describe('shipping an order with its carrier and tracking number', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let admin: TestUser;

  const paidOrder = async (): Promise<Order> => {
    const tool = await makeTool(app, { available: 100 });
    const placed = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 2) });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    return order;
  };
  const ship = (id: number, payload?: unknown, user: TestUser = admin) =>
    as(app, user, { method: 'POST', url: `/api/orders/${id}/ship`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const read = async (id: number, user: TestUser = buyer) => (await as(app, user, { url: `/api/orders/${id}` })).json() as Order;
  const shippedMail = async (id: number) => (await outboxFor(app, buyer.email)).filter((m) => m.subject === `Order #${id} has shipped`);

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('stores both (trimmed) on the order, its history, and the buyer reads them in the email', async () => {
    const order = await paidOrder();
    const res = await ship(order.id, { carrier: '  UPS Ground ', trackingNumber: ' 1Z999AA10123456784 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', shipment: true, carrier: 'UPS Ground', trackingNumber: '1Z999AA10123456784' });

    const seen = await read(order.id);
    expect(seen).toMatchObject({ carrier: 'UPS Ground', trackingNumber: '1Z999AA10123456784' });
    expect(seen.history?.at(-1)).toMatchObject({ kind: 'shipped', by: 'admin', note: 'UPS Ground, tracking 1Z999AA10123456784' });
    const mine = (await as(app, buyer, { url: '/api/orders/mine' })).json() as { items: Order[] };
    expect(mine.items.find((o) => o.id === order.id)).toMatchObject({ carrier: 'UPS Ground', trackingNumber: '1Z999AA10123456784' });

    const mails = await shippedMail(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Carrier: UPS Ground');
    expect(mails[0]?.body).toContain('Tracking number: 1Z999AA10123456784');
    // The HTML part too (the fact table).
    expect(mails[0]?.body).toMatch(/Tracking number<\/td><td[^>]*>1Z999AA10123456784</);
  });

  it('ships without them as before (no body, an empty body, empty strings or nulls), and the email says neither', async () => {
    for (const payload of [undefined, {}, { carrier: '', trackingNumber: '   ' }, { carrier: null, trackingNumber: null }]) {
      const order = await paidOrder();
      const res = await ship(order.id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
      expect((await read(order.id)).history?.at(-1)).toMatchObject({ kind: 'shipped', note: null });
      const [mail] = await shippedMail(order.id);
      expect(mail?.body).toContain('Your order is on its way.');
      expect(mail?.body).not.toContain('Tracking number');
      expect(mail?.body).not.toContain('Carrier');
    }
  });

  it('takes one without the other', async () => {
    const onlyTracking = await paidOrder();
    expect((await ship(onlyTracking.id, { trackingNumber: 'JD014600003828' })).json()).toMatchObject({
      carrier: null,
      trackingNumber: 'JD014600003828',
    });
    expect((await read(onlyTracking.id)).history?.at(-1)?.note).toBe('Tracking JD014600003828');
    const onlyCarrier = await paidOrder();
    expect((await ship(onlyCarrier.id, { carrier: 'Own van' })).json()).toMatchObject({ carrier: 'Own van', trackingNumber: null });
    expect((await read(onlyCarrier.id)).history?.at(-1)?.note).toBe('Own van');
  });

  it('refuses a bad field with a 400 naming it, and ships nothing', async () => {
    const order = await paidOrder();
    const badFields: Array<[unknown, string]> = [
      [{ carrier: 'x'.repeat(61) }, 'carrier'],
      [{ carrier: 42 }, 'carrier'],
      [{ carrier: 'UPS\nGround' }, 'carrier'],
      [{ trackingNumber: 'y'.repeat(65) }, 'trackingNumber'],
      [{ trackingNumber: '1Z<script>' }, 'trackingNumber'],
      [{ trackingNumber: ['1Z'] }, 'trackingNumber'],
    ];
    for (const [payload, field] of badFields) {
      const res = await ship(order.id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // A field it does not know, or a body that is no object: refused whole.
    for (const payload of [{ carrier: 'UPS', extra: true }, ['UPS', '1Z']]) {
      const res = await ship(order.id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await read(order.id)).toMatchObject({ status: 'paid', carrier: null, trackingNumber: null });
    expect(await shippedMail(order.id)).toHaveLength(0);
  });

  it('keeps the first shipment: a second one is a 409 and changes nothing', async () => {
    const order = await paidOrder();
    expect((await ship(order.id, { carrier: 'DHL', trackingNumber: '1234567890' })).statusCode).toBe(200);
    const again = await ship(order.id, { carrier: 'FedEx', trackingNumber: '999' });
    expect(again.statusCode).toBe(409);
    expect(await read(order.id)).toMatchObject({ carrier: 'DHL', trackingNumber: '1234567890' });
    expect(await shippedMail(order.id)).toHaveLength(1);
  });

  it('is for admins only, whatever the body', async () => {
    const order = await paidOrder();
    expect((await ship(order.id, { carrier: 'UPS' }, buyer)).statusCode).toBe(403);
    expect((await as(app, null, { method: 'POST', url: `/api/orders/${order.id}/ship`, payload: { carrier: 'UPS' } })).statusCode).toBe(
      401,
    );
    expect((await read(order.id)).status).toBe('paid');
  });
});
