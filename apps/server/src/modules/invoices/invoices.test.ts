import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, payAsBuyer } from '../orders/orders.test-helpers.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}

/** Invoices: a gap-free number per year given in the payment's transaction, and a PDF that never changes. */
describe('invoices', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const where = { phone: '+1 555 010 2030', address: '12 Main St, Springfield' };
  const place = async (user: TestUser, lines: Array<{ toolId: number; quantity: number }>, poNumber?: string) => {
    const res = await as(app, user, {
      method: 'POST',
      url: '/api/orders',
      payload: { lines, ...where, ...(poNumber ? { poNumber } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; totalCents: number };
  };
  const invoice = (user: TestUser, id: number) => as(app, user, { url: `/api/orders/${id}/invoice.pdf` });

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app, { name: 'Dana Buyer' });
    other = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('numbers a paid order and renders its invoice: seller, buyer, PO, every line, the total, the payment', async () => {
    const drill = await makeTool(app, { available: 500, priceCents: 5_000, priceBreaks: [{ minQuantity: 50, unitPriceCents: 4_500 }] });
    const saw = await makeTool(app, { available: 100, priceCents: 1_250 });
    const order = await place(
      buyer,
      [
        { toolId: drill.id, quantity: 60 },
        { toolId: saw.id, quantity: 3 },
      ],
      'PO-2026-0042',
    );
    expect((await invoice(buyer, order.id)).statusCode).toBe(409);
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);

    const paid = (await as(app, buyer, { url: `/api/orders/${order.id}` })).json();
    expect(paid.invoiceNumber).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
    const res = await invoice(buyer, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Toolsify Manufacturer LTD.',
      'INVOICE',
      paid.invoiceNumber,
      `#${order.id}`,
      'PO-2026-0042',
      'Dana Buyer',
      '12 Main St, Springfield',
      drill.sku,
      drill.name,
      '$45.00',
      '$2,700.00',
      saw.sku,
      saw.name,
      '$37.50',
      '$2,737.50',
      `Paid by card, transaction ${paid.transactionId}.`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The same bytes on every download, for the admin too; nobody else sees it.
    expect((await invoice(buyer, order.id)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await invoice(admin, order.id)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await invoice(other, order.id)).statusCode).toBe(404);
  });

  it('refuses an invoice for an unpaid or cancelled order with 409', async () => {
    const tool = await makeTool(app, { available: 100 });
    const unpaid = await place(buyer, [{ toolId: tool.id, quantity: 1 }]);
    const res = await invoice(buyer, unpaid.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'INVALID_STATE', message: 'An invoice is issued once the order is paid.' });
    await as(app, buyer, { method: 'DELETE', url: `/api/orders/${unpaid.id}` });
    expect((await invoice(buyer, unpaid.id)).statusCode).toBe(409);
  });

  it('gives 50 orders paid at the same time 50 consecutive numbers: no gap, no duplicate', async () => {
    const tool = await makeTool(app, { available: 10_000 });
    const orders = [];
    for (let n = 0; n < 50; n += 1) orders.push(await place(n % 2 ? buyer : other, [{ toolId: tool.id, quantity: 1 }]));
    const statuses = await Promise.all(orders.map((order, n) => payAsBuyer(app, n % 2 ? buyer : other, order.id)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const rows = await app.db.selectFrom('orders').select('invoice_number').where('invoice_number', 'is not', null).execute();
    const numbers = rows.map((row) => Number(row.invoice_number?.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, n) => n + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(51);
  });
});
