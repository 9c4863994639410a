import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, payAsBuyer } from '../orders/orders.test-helpers.ts';

/** Issue 18, item 9: "Verified buyer" computed from paid orders, and admins hiding reviews. */
describe('reviews that can be trusted', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let browser: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  const post = (user: TestUser, note: string) => as(app, user, { method: 'POST', url: '/api/reviews', payload: { rating: 5, note } });
  const testimonials = async () =>
    (await app.inject({ url: '/api/reviews?limit=50' })).json() as Array<{ id: number; note: string; verifiedBuyer: boolean }>;
  const hide = (user: TestUser | null, id: number | string) => as(app, user, { method: 'POST', url: `/api/reviews/${id}/hidden` });
  const unhide = (user: TestUser | null, id: number | string) => as(app, user, { method: 'DELETE', url: `/api/reviews/${id}/hidden` });
  const auditOf = async (id: number) =>
    app.db
      .selectFrom('audit_event')
      .select(['action', 'actor_id', 'changes'])
      .where('target_type', '=', 'review')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app, { name: 'Vera Verified' });
    browser = await signUp(app, { name: 'Una Unverified' });
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
    otherAdmin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('marks a review "verified buyer" once its reviewer has a paid (or shipped) order, never for an unpaid one', async () => {
    const tool = await makeTool(app, { available: 100, priceCents: 1_000 });
    const placed = await as(app, buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: { lines: [{ toolId: tool.id, quantity: 1 }], phone: '+1 555 010 2030', address: '1 Main St' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const review = await post(buyer, 'Bought and paid');
    expect(review.statusCode).toBe(201);
    expect(review.json().verifiedBuyer).toBe(false); // placed, not paid
    expect(await payAsBuyer(app, buyer, placed.json().id)).toBe(200);
    const other = await post(browser, 'Just looking');
    expect(other.json().verifiedBuyer).toBe(false);

    const list = await testimonials();
    expect(list.find((r) => r.id === review.json().id)?.verifiedBuyer).toBe(true); // computed when read
    expect(list.find((r) => r.id === other.json().id)?.verifiedBuyer).toBe(false);

    // Shipped still counts.
    const ship = await as(app, admin, { method: 'POST', url: `/api/orders/${placed.json().id}/ship`, payload: {} });
    expect(ship.statusCode, ship.body).toBe(200);
    expect((await testimonials()).find((r) => r.id === review.json().id)?.verifiedBuyer).toBe(true);
  });

  it('lets an admin hide a review from the testimonials and show it again, each recorded once in the audit log', async () => {
    const review = (await post(browser, 'Spam spam spam')).json() as { id: number };
    expect((await testimonials()).map((r) => r.id)).toContain(review.id);

    const hidden = await hide(admin, review.id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: review.id, hidden: true, note: 'Spam spam spam' });
    expect((await testimonials()).map((r) => r.id)).not.toContain(review.id);
    // Hiding again changes and records nothing.
    expect((await hide(otherAdmin, review.id)).json().hidden).toBe(true);

    // Admins still see it, marked hidden, in the list of every review.
    const all = await as(app, admin, { url: '/api/reviews/all?limit=100' });
    expect(all.statusCode).toBe(200);
    // With the account that posted it, which the public list never says.
    expect(all.json().items.find((r: { id: number }) => r.id === review.id)).toMatchObject({ hidden: true, email: browser.email });
    expect((await testimonials()).every((r) => !('email' in r))).toBe(true);
    expect(all.json().items.find((r: { id: number }) => r.id !== review.id)).toMatchObject({ hidden: false });

    const shown = await unhide(admin, review.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ hidden: false, hiddenAt: null });
    expect((await testimonials()).map((r) => r.id)).toContain(review.id);
    expect((await unhide(admin, review.id)).statusCode).toBe(200);

    const audit = await auditOf(review.id);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['review.hide', admin.id],
      ['review.unhide', admin.id],
    ]);
    expect(JSON.parse(audit[0]!.changes)).toEqual({ before: { hidden: false }, after: { hidden: true } });
  });

  it('pages the list of every review, newest first', async () => {
    const first = await as(app, admin, { url: '/api/reviews/all?limit=2' });
    expect(first.json().items).toHaveLength(2);
    expect(first.json().nextCursor).toBe(first.json().items[1].id);
    const next = await as(app, admin, { url: `/api/reviews/all?limit=2&cursor=${first.json().nextCursor}` });
    expect(next.json().items[0].id).toBeLessThan(first.json().items[1].id);
  });

  it('refuses customers and visitors, and answers 404 for a review that is not there (a bad id in the path too, as everywhere)', async () => {
    const review = (await post(browser, 'Mine')).json() as { id: number };
    expect((await hide(null, review.id)).statusCode).toBe(401);
    expect((await hide(browser, review.id)).statusCode).toBe(403);
    expect((await unhide(buyer, review.id)).statusCode).toBe(403);
    expect((await as(app, browser, { url: '/api/reviews/all' })).statusCode).toBe(403);
    expect((await testimonials()).map((r) => r.id)).toContain(review.id);
    expect((await hide(admin, 999_999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const res = await hide(admin, bad);
      expect(res.statusCode, bad).toBe(404);
    }
    expect((await as(app, admin, { url: '/api/reviews/all?limit=0' })).statusCode).toBe(400);
    expect(await auditOf(review.id)).toEqual([]);
  });
});
