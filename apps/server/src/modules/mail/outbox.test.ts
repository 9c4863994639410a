import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { as, createTestApp, signUp, signUpAdmin, usePostgres, type TestUser } from '../../test/helpers.ts';
import { createSharedDatabase } from '../auth/testing/shared-db.ts';
import { outboxFor, parseMail, type OutboxMail } from '../auth/testing/outbox.ts';
import { makeTool, orderBody, payAsBuyer } from '../orders/orders.test-helpers.ts';
import { recordOrderEvent } from '../orders/orders.repository.ts';
import { expireUnpaidOrders } from '../orders/orders.service.ts';
import { createMailTransport } from './mailer.ts';
import { claimDueMail, enqueueMail } from './outbox.repository.ts';
import { messageIdOf, retryDelayMs } from './outbox.ts';

interface Received {
  to: string[];
  messageId: string;
  mail: OutboxMail;
}

/** A real SMTP server on a free local port that keeps what it receives; it can refuse the next `n` messages. */
async function startSmtpServer() {
  const received: Received[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          mail: parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    refuseNext(n: number) {
      refuse = n;
    },
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The HTML part of a message, decoded. */
function htmlPart(mail: OutboxMail): string {
  return mail.body.slice(mail.body.search(/Content-Type: text\/html/i));
}

async function outboxRows(app: FastifyInstance, orderId?: number) {
  let query = app.db.selectFrom('outbox').selectAll().orderBy('id');
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  return query.execute();
}

async function place(app: FastifyInstance, buyer: TestUser, body: Record<string, unknown>) {
  const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; totalCents: number };
}

describe('order emails (file outbox)', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    app = await createTestApp({ UNPAID_ORDER_TTL_HOURS: '48', PUBLIC_URL: 'https://shop.example', MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
    buyer = await signUp(app, { name: 'Bob <script>alert(1)</script>' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells the buyer an order was placed: lines, total, PO number, how to pay and when it expires, every value escaped', async () => {
    const drill = await makeTool(app, { available: 100, priceCents: 1250 });
    await app.db.updateTable('tool').set({ name: 'Drill <img src=x onerror=alert(1)>' }).where('id', '=', drill.id).execute();
    const saw = await makeTool(app, { available: 100, priceCents: 999 });
    const order = await place(app, buyer, {
      lines: [
        { toolId: drill.id, quantity: 3 },
        { toolId: saw.id, quantity: 2 },
      ],
      phone: '+1 555 010 2030',
      address: '12 Main St <b>Springfield</b>',
      poNumber: 'PO-"77"&<x>',
    });
    const mails = await outboxFor(app, buyer.email);
    const placed = mails.find((m) => m.subject.startsWith(`Order #${order.id} placed`));
    expect(placed, mails.map((m) => m.subject).join(', ')).toBeDefined();
    expect(placed!.subject).toBe(`Order #${order.id} placed: $57.48`);
    const html = htmlPart(placed!);
    expect(html).toContain('Drill &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Bob &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('PO-&quot;77&quot;&amp;&lt;x&gt;');
    expect(html).toContain('12 Main St &lt;b&gt;Springfield&lt;/b&gt;');
    expect(placed!.body).toContain('$37.50'); // 3 x $12.50
    expect(placed!.body).toContain('$19.98');
    expect(placed!.body).toContain('Total: $57.48');
    expect(placed!.body).toContain('How to pay: by card');
    expect(placed!.body).toMatch(/pay by .* UTC to keep this one/);
    expect(placed!.links).toContain(`https://shop.example/dashboard/payment/${order.id}`);
    expect(placed!.links).toContain(`https://shop.example/dashboard/orders/${order.id}`);
  });

  it('sends a receipt when paid (amount, transaction id, invoice link) and tells every admin', async () => {
    const tool = await makeTool(app, { available: 10, priceCents: 2000 });
    const order = await place(app, buyer, orderBody(tool.id, 2, { poNumber: 'PO-9' }));
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    const paid = await app.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const receipt = (await outboxFor(app, buyer.email)).find((m) => m.subject.startsWith(`Receipt for order #${order.id}`));
    expect(receipt?.subject).toBe(`Receipt for order #${order.id}: $40.00 paid`);
    expect(receipt!.body).toContain(`Transaction id: ${paid.transaction_id}`);
    expect(receipt!.body).toContain(`Invoice: ${paid.invoice_number}`);
    // The order's page downloads it, after a login when this browser is signed out.
    expect(receipt!.links).toContain(`https://shop.example/dashboard/orders/${order.id}?download=invoice`);
    const notice = (await outboxFor(app, admin.email)).find((m) => m.subject.startsWith(`Order #${order.id} paid`));
    expect(notice?.body).toContain(buyer.email);
    expect(notice?.body).toContain('ready to ship');
  });

  it('tells the buyer when it ships, and who cancelled: the buyer, an admin, or the expiry', async () => {
    const tool = await makeTool(app, { available: 50, priceCents: 500 });
    const shipped = await place(app, buyer, orderBody(tool.id, 1));
    expect(await payAsBuyer(app, buyer, shipped.id)).toBe(200);
    expect((await as(app, admin, { method: 'POST', url: `/api/orders/${shipped.id}/ship` })).statusCode).toBe(200);

    const byBuyer = await place(app, buyer, orderBody(tool.id, 1));
    expect((await as(app, buyer, { method: 'DELETE', url: `/api/orders/${byBuyer.id}` })).statusCode).toBe(200);
    const byAdmin = await place(app, buyer, orderBody(tool.id, 1));
    expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${byAdmin.id}` })).statusCode).toBe(200);
    const withReason = await place(app, buyer, orderBody(tool.id, 1));
    const reason = 'Out of stock until <March>';
    expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${withReason.id}`, payload: { reason } })).statusCode).toBe(200);
    const expired = await place(app, buyer, orderBody(tool.id, 1));
    await app.db.updateTable('orders').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', expired.id).execute();
    expect(await expireUnpaidOrders(app, new Date('2020-01-03T00:00:00.000Z'))).toBe(1);

    // A mistyped tracking number corrected: the buyer hears the new one, once; the same again sends nothing.
    const fix = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const corrected = await as(app, admin, { method: 'PUT', url: `/api/orders/${shipped.id}/shipment`, payload: fix });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: 'shipped', ...fix });
    expect((await as(app, admin, { method: 'PUT', url: `/api/orders/${shipped.id}/shipment`, payload: fix })).statusCode).toBe(200);
    const notShipped = await as(app, admin, { method: 'PUT', url: `/api/orders/${byBuyer.id}/shipment`, payload: fix });
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().error.message).toBe("Only a shipped order's shipment can be corrected.");

    const mails = await outboxFor(app, buyer.email);
    const subject = (s: string) => mails.find((m) => m.subject === s);
    expect(subject(`Order #${shipped.id} has shipped`)?.body).toContain('Your order is on its way.');
    const fixes = mails.filter((m) => m.subject === `Order #${shipped.id}: shipping details corrected`);
    expect(fixes).toHaveLength(1);
    expect(fixes[0]?.body).toContain('Tracking number: 1Z999AA10123456784');
    expect(fixes[0]?.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(subject(`Order #${byBuyer.id} was cancelled`)?.body).toContain('You cancelled this order.');
    expect(subject(`Order #${byAdmin.id} was cancelled`)?.body).toContain('The store cancelled this order.');
    expect(subject(`Order #${byAdmin.id} was cancelled`)?.body).not.toContain('Reason:');
    // The admin's reason, a fact of its own, escaped in the HTML.
    const told = subject(`Order #${withReason.id} was cancelled`);
    expect(told?.body).toContain(`The store cancelled this order.\n\nOrder: #${withReason.id}`);
    expect(told?.body).toContain(`Reason: ${reason}`);
    expect(htmlPart(told!)).toContain('Out of stock until &lt;March&gt;');
    // The way back to it, where Order again puts its tools in the cart.
    expect(subject(`Order #${byAdmin.id} was cancelled`)?.links).toContain(`https://shop.example/dashboard/orders/${byAdmin.id}`);
    expect(subject(`Order #${expired.id} was cancelled`)?.body).toContain(
      'The store cancelled this order automatically: Not paid in time.',
    );
  });

  it('writes each email in the transaction of its change: a refused order or an undone change leaves none', async () => {
    const tool = await makeTool(app, { available: 1 });
    const before = (await outboxRows(app)).length;
    const refused = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 5) });
    expect(refused.statusCode).toBe(409);
    expect((await outboxRows(app)).length).toBe(before);

    const order = await place(app, buyer, orderBody(tool.id, 1));
    await expect(
      app.db.transaction().execute(async (trx) => {
        await recordOrderEvent(trx, order.id, 'shipped', { actor: 'admin', actorId: admin.id, note: null });
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect((await outboxRows(app, order.id)).map((r) => r.kind)).toEqual(['order_placed']);
  });

  it('keeps one "order placed" email per order, sent once however often the worker runs', async () => {
    const tool = await makeTool(app, { available: 20 });
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => place(app, buyer, orderBody(tool.id, 1))));
    await app.mailer.idle();
    await Promise.all([app.mailer.runOnce(), app.mailer.runOnce(), app.mailer.idle()]);
    for (const order of orders) {
      const rows = (await outboxRows(app, order.id)).filter((r) => r.kind === 'order_placed');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sent_at).not.toBeNull();
      expect(rows[0]!.attempts).toBe(1);
    }
    const files = (await outboxFor(app, buyer.email)).filter((m) => orders.some((o) => m.subject.startsWith(`Order #${o.id} placed`)));
    expect(files).toHaveLength(5);
  });
});

describe('the outbox worker over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('retries a refused message with backoff, under the same Message-ID, and sends it once', async () => {
    app = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
    smtp.refuseNext(1);
    await app.mailer.enqueue({ kind: 'verify_email', recipient: 'retry@example.com', payload: { name: 'Retry', url: 'https://x.test/v' } });
    await app.mailer.idle();
    const [row] = await outboxRows(app);
    expect(row!.sent_at).toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toContain('Mailbox busy');
    const retryAt = new Date(row!.next_attempt_at).getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(smtp.received).toHaveLength(0);

    expect(await app.mailer.runOnce(new Date(retryAt - 1_000))).toBe(0); // not due yet
    expect(await app.mailer.runOnce(new Date(retryAt + 1_000))).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.messageId).toBe(messageIdOf(row!, 'localhost'));
    const [after] = await outboxRows(app);
    expect(after!.sent_at).not.toBeNull();
    expect(after!.attempts).toBe(2);
  });

  it('resends, with the same Message-ID, a message whose worker died after sending it and before marking it sent', async () => {
    app = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
    await enqueueMail(app.db, {
      kind: 'verify_email',
      recipient: 'crash@example.com',
      payload: { name: 'Crash', url: 'https://x.test/v' },
    });
    // A worker that died: it claimed the row ten minutes ago for five, sent it, and never marked it sent.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await app.db
      .updateTable('outbox')
      .set({ created_at: tenMinutesAgo.toISOString(), next_attempt_at: tenMinutesAgo.toISOString() })
      .execute();
    const [claimed] = await claimDueMail(app.db, app.dialect, { now: tenMinutesAgo, leaseMs: 5 * 60_000, limit: 10 });
    const dead = createMailTransport(app.config, app.log);
    await dead.deliver({ to: claimed!.recipient, messageId: messageIdOf(claimed!, 'localhost'), subject: 'Verify', text: 'x', html: 'x' });
    dead.close();

    await app.mailer.idle();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
    const [row] = await outboxRows(app);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(2);
  });

  it('does not take a message another live worker holds', async () => {
    app = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
    await enqueueMail(app.db, { kind: 'verify_email', recipient: 'held@example.com', payload: { name: 'Held', url: 'https://x.test/v' } });
    await claimDueMail(app.db, app.dialect, { now: new Date(), leaseMs: 5 * 60_000, limit: 10 });
    await app.mailer.idle();
    expect(smtp.received).toHaveLength(0);
  });

  it.runIf(usePostgres)('sends each message once when two processes share PostgreSQL', async () => {
    const env = { SMTP_URL: smtp.url, LOG_LEVEL: 'silent', MAX_UNPAID_ORDERS_PER_BUYER: '0' };
    const shared = await createSharedDatabase(env);
    try {
      const second = await shared.another(env);
      const buyer = await signUp(shared.first);
      const tool = await makeTool(shared.first, { available: 1_000 });
      // 60 orders through both processes: each writes its "order placed" email.
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          as(i % 2 ? second : shared.first, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) }).then((res) =>
            expect(res.statusCode).toBe(201),
          ),
        ),
      );
      await Promise.all([shared.first.mailer.idle(), second.mailer.idle(), shared.first.mailer.runOnce(), second.mailer.runOnce()]);
      await Promise.all([shared.first.mailer.idle(), second.mailer.idle()]);
      const placed = smtp.received.filter((r) => r.mail.subject.includes(' placed: '));
      expect(placed).toHaveLength(60);
      expect(new Set(placed.map((r) => r.messageId)).size).toBe(60);
      const rows = await shared.first.db.selectFrom('outbox').select(['sent_at', 'attempts']).where('kind', '=', 'order_placed').execute();
      expect(rows.every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
    } finally {
      await shared.close();
    }
  });

  it('sends the paid notice to ORDER_NOTIFY_EMAILS instead of the admins when set', async () => {
    app = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ORDER_NOTIFY_EMAILS: 'sales@shop.example, Ops@Shop.example' });
    const admin = await signUpAdmin(app);
    const buyer = await signUp(app);
    const tool = await makeTool(app, { available: 5 });
    const order = (await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) })).json() as { id: number };
    expect(await payAsBuyer(app, buyer, order.id)).toBe(200);
    await app.mailer.idle();
    const notices = smtp.received.filter((r) => r.mail.subject.startsWith(`Order #${order.id} paid`));
    expect(notices.flatMap((r) => r.to).sort()).toEqual(['ops@shop.example', 'sales@shop.example']);
    expect(notices.some((r) => r.to.includes(admin.email))).toBe(false);
  });
});
