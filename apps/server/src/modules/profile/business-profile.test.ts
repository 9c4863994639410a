import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { outboxFor } from '../auth/testing/outbox.ts';
import { makeTool, payAsBuyer } from '../orders/orders.test-helpers.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}

const contact = { phone: '+44 113 496 0000', education: '', linkedin: '', address: '12 Mill Road, Leeds' };

/** Issue 18, item 8: a company name and tax / VAT number on My Profile, on invoices and order emails. */
describe('business profile', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let plain: TestUser;
  let admin: TestUser;
  const save = (user: TestUser, payload: Record<string, unknown>) => as(app, user, { method: 'PUT', url: '/api/me/profile', payload });
  const place = async (user: TestUser, toolId: number) => {
    const res = await as(app, user, {
      method: 'POST',
      url: '/api/orders',
      payload: { lines: [{ toolId, quantity: 1 }], phone: contact.phone, address: contact.address },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app, { name: 'Dana Buyer' });
    plain = await signUp(app, { name: 'Pat Plain' });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('saves the optional company name and tax / VAT number beside the spec fields, trimmed', async () => {
    const res = await save(buyer, { ...contact, company: '  Mill & <Road> Joinery Ltd ', taxId: ' GB 123 456 789 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...contact, company: 'Mill & <Road> Joinery Ltd', taxId: 'GB 123 456 789', invoiceEmail: '' });
    expect((await as(app, buyer, { url: '/api/me/profile' })).json().taxId).toBe('GB 123 456 789');
  });

  it('saves them empty when a client leaves them out', async () => {
    const res = await save(plain, contact);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company: '', taxId: '', invoiceEmail: '' });
  });

  it.each([
    ['company', 'x'.repeat(121), 'Must be 120 characters or shorter'],
    ['taxId', '9'.repeat(31), 'Must be 30 characters or shorter'],
    ['taxId', 'GB<123>', 'Provide a valid tax / VAT number'],
    ['taxId', '--', 'Provide a valid tax / VAT number'],
    ['company', 42, undefined],
    ['invoiceEmail', 'accounts payable', 'Provide a valid email address, such as ap@yourcompany.com'],
    ['invoiceEmail', `${'a'.repeat(250)}@x.io`, 'Must be 254 characters or shorter'],
  ])('refuses a bad %s (%s) with a 400 naming it, and changes nothing', async (field, value, message) => {
    const before = (await as(app, buyer, { url: '/api/me/profile' })).json();
    const res = await save(buyer, { ...contact, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message ?? res.json().error.fields[field]);
    expect(res.json().error.fields[field]).toBeTruthy();
    expect((await as(app, buyer, { url: '/api/me/profile' })).json()).toEqual(before);
  });

  it('puts them on the order emails and the invoice as they were when the order was placed', async () => {
    const tool = await makeTool(app, { available: 50, priceCents: 2_500 });
    const order = await place(buyer, tool.id);
    // Changed after placing: the order keeps what it was placed with.
    expect((await save(buyer, { ...contact, company: 'Renamed Holdings', taxId: 'DE999999999' })).statusCode).toBe(200);
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);

    const mails = await outboxFor(app, buyer.email);
    const placed = mails.find((m) => m.subject.startsWith(`Order #${order.id} placed`));
    const paid = mails.find((m) => m.subject.startsWith(`Receipt for order #${order.id}:`));
    for (const mail of [placed, paid]) {
      expect(mail, mails.map((m) => m.subject).join(', ')).toBeDefined();
      expect(mail?.body).toContain('Company: Mill & <Road> Joinery Ltd');
      expect(mail?.body).toContain('Mill &amp; &lt;Road&gt; Joinery Ltd');
      expect(mail?.body).not.toContain('Mill & <Road> Joinery Ltd</td>');
      expect(mail?.body).toContain('Tax / VAT number: GB 123 456 789');
      expect(mail?.body).not.toContain('Renamed Holdings');
    }

    const invoice = await as(app, buyer, { url: `/api/orders/${order.id}/invoice.pdf` });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('Mill & <Road> Joinery Ltd');
    expect(text).toContain('Tax / VAT number: GB 123 456 789');
    expect(text).not.toContain('Renamed Holdings');
    // And on the order itself, for its buyer and for the admin who ships it.
    for (const user of [buyer, admin]) {
      expect((await as(app, user, { url: `/api/orders/${order.id}` })).json()).toMatchObject({
        buyerCompany: 'Mill & <Road> Joinery Ltd',
        buyerTaxId: 'GB 123 456 789',
      });
    }

    // A later order has the new details.
    const later = await place(buyer, tool.id);
    const laterMail = (await outboxFor(app, buyer.email)).find((m) => m.subject.startsWith(`Order #${later.id} placed`));
    expect(laterMail?.body).toContain('Company: Renamed Holdings');
    expect(laterMail?.body).toContain('Tax / VAT number: DE999999999');
  });

  it('leaves them out for a buyer without a business profile', async () => {
    const tool = await makeTool(app, { available: 50, priceCents: 2_500 });
    const order = await place(plain, tool.id);
    expect(await payAsBuyer(app, plain, order.id)).toBe(200);
    const mails = (await outboxFor(app, plain.email)).filter((m) => new RegExp(`#${order.id}\\b`).test(m.subject));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      expect(mail.body).not.toContain('Company');
      expect(mail.body).not.toContain('Tax / VAT number');
    }
    const text = await pdfText((await as(app, plain, { url: `/api/orders/${order.id}/invoice.pdf` })).rawPayload);
    expect(text).toContain('Pat Plain');
    expect(text).not.toContain('Tax / VAT number');
    expect((await as(app, plain, { url: `/api/orders/${order.id}` })).json()).toMatchObject({ buyerCompany: null, buyerTaxId: null });
  });

  it("emails each invoice to the buyer's accounts payable too, with the PDF, once", async () => {
    const ap = await signUp(app, { name: 'Ana Payable' });
    const tool = await makeTool(app, { available: 50, priceCents: 2_500 });
    const saved = await save(buyer, { ...contact, company: 'Mill Road Joinery Ltd', invoiceEmail: ` ${ap.email.toUpperCase()} ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().invoiceEmail).toBe(ap.email.toUpperCase());
    const order = await place(buyer, tool.id);
    // Placing sends nothing there: only an issued invoice does.
    expect(await outboxFor(app, ap.email.toUpperCase())).toEqual([]);
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    const paid = (await as(app, buyer, { url: `/api/orders/${order.id}` })).json();
    const mails = await outboxFor(app, ap.email.toUpperCase());
    expect(mails.map((m) => m.subject)).toEqual([`Invoice ${paid.invoiceNumber} for order #${order.id}: $25.00 paid`]);
    expect(mails[0]?.body).toContain(`Dana Buyer of Mill Road Joinery Ltd (${buyer.email}) asked us to send the invoices`);
    expect(mails[0]?.body).toContain('nothing is due');
    const download = await as(app, buyer, { url: `/api/orders/${order.id}/invoice.pdf` });
    expect(mails[0]?.attachments.map((file) => file.filename)).toEqual([`${paid.invoiceNumber}.pdf`]);
    expect(mails[0]?.attachments[0]?.content.equals(download.rawPayload)).toBe(true);
    // No sign-in link for a reader without an account.
    expect(mails[0]?.links.filter((link) => link.includes('/dashboard'))).toEqual([]);

    // None when the buyer sets none, or their own address.
    for (const invoiceEmail of ['', buyer.email.toUpperCase()]) {
      expect((await save(buyer, { ...contact, invoiceEmail })).statusCode).toBe(200);
      const next = await place(buyer, tool.id);
      expect(await payAsBuyer(app, buyer, next.id)).toBe(200);
      const copies = await app.db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'invoice_copy')
        .where('order_id', '=', next.id)
        .execute();
      expect(copies).toEqual([]);
    }
  });
});
