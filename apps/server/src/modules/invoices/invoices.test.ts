import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, payAsBuyer } from '../orders/orders.test-helpers.ts';
import { outboxFor } from '../auth/testing/outbox.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}

/** The footer's pieces of text, on every page of an invoice. */
const isFooter = (text: string) =>
  text.startsWith('Toolsify Manufacturer LTD. ·') || text.startsWith('Invoice INV-') || /^Page \d+ of \d+$/.test(text);

/** Each page's pieces of text with their height above the bottom of the page (PDF points). */
async function pdfPages(pdf: Buffer): Promise<Array<Array<{ text: string; y: number }>>> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim() !== '' ? [{ text: item.str, y: item.transform[5] as number }] : [],
      ),
    );
  }
  return pages;
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
      'BILL TO',
      'SHIP TO',
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

    // The receipt email carries the same invoice, for the buyer's accounts payable.
    const receipt = (await outboxFor(app, buyer.email)).find((m) => m.subject === `Receipt for order #${order.id}: $2,737.50 paid`);
    expect(receipt?.body).toContain(`Your invoice ${paid.invoiceNumber} is attached as a PDF`);
    expect(receipt?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${paid.invoiceNumber}.pdf`, 'application/pdf'],
    ]);
    expect(receipt?.attachments[0]?.content.equals(res.rawPayload)).toBe(true);
    // The store's own notice and the order's other emails carry nothing.
    const placed = (await outboxFor(app, buyer.email)).find((m) => m.subject.startsWith(`Order #${order.id} `));
    expect(placed?.attachments).toEqual([]);
  });

  it('runs a long order over pages: each page says whose invoice and which page, and the total stays with the last line', async () => {
    const tools = [];
    for (let n = 0; n < 34; n += 1) tools.push(await makeTool(app, { available: 1_000 }));
    // Every length around a full first page (about 27 lines): the last line lands anywhere
    // from well above the footer to the foot of the page, where the total once ran into it.
    for (let count = 22; count <= 34; count += 1) {
      const order = await place(
        buyer,
        tools.slice(0, count).map((tool) => ({ toolId: tool.id, quantity: 2 })),
      );
      expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
      const { invoiceNumber } = (await as(app, buyer, { url: `/api/orders/${order.id}` })).json() as { invoiceNumber: string };
      const pages = await pdfPages((await invoice(buyer, order.id)).rawPayload);
      pages.forEach((page, n) => {
        const at = `${count} lines, page ${n + 1}`;
        const footer = page.filter((piece) => isFooter(piece.text));
        expect(footer.map((piece) => piece.text).join(' | '), at).toBe(
          `Toolsify Manufacturer LTD. · 18 Foundry Road, Sheffield S9 3XY, United Kingdom · sales@toolsify.example | Invoice ${invoiceNumber} · Order #${order.id} | Page ${n + 1} of ${pages.length}`,
        );
        // Nothing else comes down to the footer: the lowest other text is a line (10 points) above it.
        const footerTop = Math.max(...footer.map((piece) => piece.y));
        const lowest = Math.min(...page.filter((piece) => !isFooter(piece.text)).map((piece) => piece.y));
        expect(lowest, at).toBeGreaterThan(footerTop + 10);
      });
      const last = pages.at(-1)!.map((piece) => piece.text);
      expect(last, `${count} lines`).toContain(tools[count - 1]!.sku);
      expect(last, `${count} lines`).toContain('Total');
      expect(last, `${count} lines`).toContain('All amounts in US dollars.');
    }
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

  it('a refunded order keeps its invoice and gets a credit note of its own series that cancels it (decision 025)', async () => {
    const tool = await makeTool(app, { available: 100, priceCents: 1_250 });
    const order = await place(buyer, [{ toolId: tool.id, quantity: 4 }], 'PO-77');
    const creditNote = (user: TestUser) => as(app, user, { url: `/api/orders/${order.id}/credit-note.pdf` });
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    const before = (await invoice(buyer, order.id)).rawPayload;
    const paid = await creditNote(buyer);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toBe('A credit note is issued once a paid order is refunded.');

    const made = await as(app, admin, { method: 'POST', url: `/api/orders/${order.id}/refund`, payload: { reason: 'Ordered twice' } });
    expect(made.statusCode).toBe(200);
    const refunded = (await as(app, buyer, { url: `/api/orders/${order.id}` })).json();
    const number = refunded.refund.creditNoteNumber as string;
    expect(number).toMatch(new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{6}$`));
    // The invoice is as it was issued.
    const kept = await invoice(buyer, order.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(before)).toBe(true);

    const res = await creditNote(buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'CREDIT NOTE',
      number,
      'Credits invoice',
      refunded.invoiceNumber,
      'Invoice date',
      'Reason: Ordered twice',
      'PO-77',
      'Dana Buyer',
      tool.sku,
      '$50.00',
      'Total credited',
      `Invoice ${refunded.invoiceNumber} is cancelled in full.`,
      refunded.refund.reference,
      `Credit note ${number} · Order #${order.id}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect((await creditNote(admin)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await creditNote(other)).statusCode).toBe(404);

    // The refund's email carries the credit note, the same bytes.
    const email = (await outboxFor(app, buyer.email)).find((m) => m.subject === `Order #${order.id} was cancelled and refunded`);
    expect(email?.body).toContain(`The credit note ${number}, which cancels your invoice, is attached as a PDF.`);
    expect(email?.attachments.map((file) => file.filename)).toEqual([`${number}.pdf`]);
    expect(email?.attachments[0]?.content.equals(res.rawPayload)).toBe(true);
  });

  it('a cancel of an unpaid order carries no document', async () => {
    const tool = await makeTool(app, { available: 100, priceCents: 1_250 });
    const order = await place(buyer, [{ toolId: tool.id, quantity: 2 }]);
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    const email = (await outboxFor(app, buyer.email)).find((m) => m.subject === `Order #${order.id} was cancelled`);
    expect(email?.body).toContain('Nothing was charged for it.');
    expect(email?.attachments).toEqual([]);
  });

  it('numbers credit notes in their own series, without gaps, whatever else is numbered', async () => {
    const tool = await makeTool(app, { available: 1_000 });
    const orders = [];
    for (let n = 0; n < 6; n += 1) {
      const order = await place(buyer, [{ toolId: tool.id, quantity: 1 }]);
      expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
      orders.push(order);
    }
    const answers = await Promise.all(orders.map((order) => as(app, admin, { method: 'POST', url: `/api/orders/${order.id}/refund` })));
    expect(answers.map((res) => res.statusCode)).toEqual(orders.map(() => 200));
    const rows = await app.db.selectFrom('orders').select('credit_note_number').where('credit_note_number', 'is not', null).execute();
    const numbers = rows.map((row) => Number(row.credit_note_number?.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, n) => n + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(6);
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
