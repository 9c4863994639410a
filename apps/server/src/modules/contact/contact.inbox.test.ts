import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { replyMailto } from '@toolsify/shared/contact';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { outboxFor } from '../auth/testing/outbox.ts';

/** Issue 18, item 7: Contact Us messages land in the admins' Inbox and are emailed to every admin. */
describe('contact inbox', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let customer: TestUser;
  const send = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/contact', payload });
  const inbox = (user: TestUser | null, query = '') => as(app, user, { url: `/api/contact/messages${query}` });
  const mark = (user: TestUser | null, id: number | string, read: boolean) =>
    as(app, user, { method: read ? 'POST' : 'DELETE', url: `/api/contact/messages/${id}/read` });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
    otherAdmin = await signUpAdmin(app);
    customer = await signUp(app);
  });
  afterAll(() => app.close());

  it('stores a message for the Inbox and emails every admin about it, escaped, with a link to the Inbox', async () => {
    const sent = await send({
      email: 'visitor@example.com',
      subject: 'Quote <b>now</b>',
      message: 'Please quote\n500 drills & <i>saws</i>',
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json() as { id: number };

    for (const to of [admin, otherAdmin]) {
      const mail = (await outboxFor(app, to.email)).find((m) => m.subject === 'New message from visitor@example.com');
      expect(mail, to.email).toBeDefined();
      // Reply in the admin's mail app answers the visitor, not the store's own address.
      expect(mail?.raw).toMatch(/^Reply-To: visitor@example\.com\r?$/m);
      expect(mail?.body).toContain('Subject: Quote <b>now</b>'); // the text part
      expect(mail?.body).toContain('Quote &lt;b&gt;now&lt;/b&gt;'); // the HTML part, escaped
      expect(mail?.body).toContain('500 drills &amp; &lt;i&gt;saws&lt;/i&gt;');
      expect(mail?.body).not.toContain('<i>saws</i></');
      // The Inbox page at this message (it opens and marks it read).
      expect(mail?.links.some((l) => l.endsWith(`/dashboard/inbox?id=${id}`))).toBe(true);
    }
    // Customers are not told.
    expect((await outboxFor(app, customer.email)).filter((m) => m.subject.startsWith('New message from'))).toEqual([]);

    const page = await inbox(admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().items[0]).toMatchObject({
      id,
      email: 'visitor@example.com',
      subject: 'Quote <b>now</b>',
      message: 'Please quote\n500 drills & <i>saws</i>',
      readAt: null,
    });
    expect(page.json().unread).toBe(1);
  });

  it('lists newest first, a page at a time, and marks messages read and unread', async () => {
    for (const n of [1, 2, 3]) expect((await send({ email: `v${n}@example.com`, message: `Message ${n}` })).statusCode).toBe(201);
    const first = await inbox(admin, '?limit=2');
    expect(first.json().items.map((m: { message: string }) => m.message)).toEqual(['Message 3', 'Message 2']);
    expect(first.json().unread).toBe(4);
    const next = await inbox(admin, `?limit=2&cursor=${first.json().nextCursor}`);
    expect(next.json().items.map((m: { message: string }) => m.message)).toEqual(['Message 1', 'Please quote\n500 drills & <i>saws</i>']);
    expect(next.json().nextCursor).toBeNull();

    const id = first.json().items[0].id as number;
    const read = await mark(admin, id, true);
    expect(read.statusCode).toBe(200);
    const readAt = read.json().readAt as string;
    expect(readAt).toEqual(expect.any(String));
    // Marking it read again keeps the first time; another admin sees it read.
    expect((await mark(otherAdmin, id, true)).json().readAt).toBe(readAt);
    const seen = (await inbox(otherAdmin)).json();
    expect(seen.unread).toBe(3);
    expect(seen.items[0]).toMatchObject({ id, readAt });
    const unread = await mark(admin, id, false);
    expect(unread.json().readAt).toBeNull();
    expect((await inbox(admin)).json().unread).toBe(4);
  });

  it('is for admins only, and answers 404 for a message that is not there', async () => {
    expect((await inbox(null)).statusCode).toBe(401);
    expect((await inbox(customer)).statusCode).toBe(403);
    const id = (await inbox(admin)).json().items[0].id as number;
    expect((await mark(null, id, true)).statusCode).toBe(401);
    expect((await mark(customer, id, true)).statusCode).toBe(403);
    expect((await mark(customer, id, false)).statusCode).toBe(403);
    expect((await inbox(admin)).json().items[0].readAt).toBeNull();
    expect((await mark(admin, 999_999, true)).statusCode).toBe(404);
    expect((await mark(admin, 'abc', true)).statusCode).toBe(404);
    const bad = await inbox(admin, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.limit).toBeTruthy();
  });

  it('builds the Reply by email link to the sender, with the subject', () => {
    expect(replyMailto({ email: 'visitor@example.com', subject: 'Quote & terms' })).toBe(
      'mailto:visitor@example.com?subject=Re%3A%20Quote%20%26%20terms',
    );
    expect(replyMailto({ email: 'a+b@example.com', subject: '' })).toBe(
      'mailto:a%2Bb@example.com?subject=Re%3A%20your%20message%20to%20Toolsify',
    );
  });
});
