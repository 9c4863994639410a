import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_STOCK_ALERTS_PER_USER } from '@toolsify/shared/stock-alerts';
import { importRow, importHeader, as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { outboxFor } from '../auth/testing/outbox.ts';
import { makeTool, orderBody } from '../orders/orders.test-helpers.ts';
import { expireUnpaidOrders } from '../orders/orders.service.ts';

/** Issue 18, item 10: "Email me when it is back", one email per subscriber when the stock comes back. */
describe('back-in-stock alerts', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let buyer: TestUser;
  let colleague: TestUser;

  const subscribe = (toolId: number, user: TestUser | null = buyer) =>
    as(app, user, { method: 'POST', url: `/api/tools/${toolId}/stock-alert` });
  const unsubscribe = (toolId: number, user: TestUser = buyer) =>
    as(app, user, { method: 'DELETE', url: `/api/tools/${toolId}/stock-alert` });
  const mine = async (user: TestUser = buyer) =>
    ((await as(app, user, { url: '/api/me/stock-alerts' })).json() as { toolIds: number[] }).toolIds;
  const restock = (toolId: number, delta: number, reason: 'restock' | 'correction' = 'restock', extra: Record<string, unknown> = {}) =>
    as(app, admin, { method: 'PATCH', url: `/api/tools/${toolId}`, payload: { stock: { delta, reason }, ...extra } });
  const backMails = async (user: TestUser, toolName: string) =>
    (await outboxFor(app, user.email)).filter((m) => m.subject === `${toolName} is back in stock`);
  const alertRows = async (toolId: number) => app.db.selectFrom('stock_alert').selectAll().where('tool_id', '=', toolId).execute();
  /** A tool whose stock `holder` has just ordered whole: out of stock, with the order to give it back. */
  const soldOut = async (holder: TestUser, available = 10) => {
    const tool = await makeTool(app, { available });
    const res = await as(app, holder, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, available) });
    expect(res.statusCode, res.body).toBe(201);
    return { tool, orderId: (res.json() as { id: number }).id };
  };

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    admin = await signUpAdmin(app);
    buyer = await signUp(app);
    colleague = await signUp(app);
  });
  afterAll(() => app.close());

  it('subscribes a buyer to an out-of-stock tool once, lists it, and a restock emails each subscriber exactly once', async () => {
    const tool = await makeTool(app, { available: 0 });
    for (let i = 0; i < 2; i += 1) {
      const res = await subscribe(tool.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ toolId: tool.id, subscribed: true });
    }
    expect((await subscribe(tool.id, colleague)).statusCode).toBe(200);
    expect(await alertRows(tool.id)).toHaveLength(2);
    expect(await mine()).toEqual([tool.id]);
    expect(await backMails(buyer, tool.name)).toHaveLength(0);

    expect((await restock(tool.id, 40)).statusCode).toBe(200);
    const [mail, ...more] = await backMails(buyer, tool.name);
    expect(more).toHaveLength(0);
    expect(mail?.body).toContain(`Hello ${buyer.name},`);
    expect(mail?.body).toContain('Available now: 40 pieces');
    expect(mail?.links.some((l) => l.endsWith(`/purchase/${tool.id}`))).toBe(true);
    expect(await backMails(colleague, tool.name)).toHaveLength(1);
    // Used up: a second restock, and the stock going round again, email nobody.
    expect(await alertRows(tool.id)).toHaveLength(0);
    expect(await mine()).toEqual([]);
    expect((await restock(tool.id, 5)).statusCode).toBe(200);
    expect((await restock(tool.id, -45, 'correction')).statusCode).toBe(200);
    expect((await restock(tool.id, 3)).statusCode).toBe(200);
    expect(await backMails(buyer, tool.name)).toHaveLength(1);
    expect(await backMails(colleague, tool.name)).toHaveLength(1);
  });

  it('waits for the minimum order: a tool with fewer pieces than it can be waited for, and a smaller restock emails no one', async () => {
    const tool = await makeTool(app, { available: 0, minimum: 25 });
    expect((await subscribe(tool.id)).statusCode).toBe(200);
    expect((await restock(tool.id, 10)).statusCode).toBe(200);
    // 10 pieces, 25 the least one order takes: not back yet, and the alert stands.
    expect(await backMails(buyer, tool.name)).toHaveLength(0);
    expect(await mine()).toContain(tool.id);
    expect((await subscribe(tool.id, colleague)).statusCode).toBe(200);
    expect((await restock(tool.id, 20)).statusCode).toBe(200);
    const [mail] = await backMails(buyer, tool.name);
    expect(mail?.body).toContain('Available now: 30 pieces');
    expect(await backMails(colleague, tool.name)).toHaveLength(1);
    // Orderable now: waiting for it is refused.
    expect((await subscribe(tool.id)).statusCode).toBe(409);
  });

  it('emails when a cancelled order gives the stock back (by its buyer or the expiry), once', async () => {
    const byCancel = await soldOut(colleague);
    expect((await subscribe(byCancel.tool.id)).statusCode).toBe(200);
    expect((await as(app, colleague, { method: 'DELETE', url: `/api/orders/${byCancel.orderId}` })).statusCode).toBe(200);
    expect(await backMails(buyer, byCancel.tool.name)).toHaveLength(1);

    const byExpiry = await soldOut(colleague);
    expect((await subscribe(byExpiry.tool.id)).statusCode).toBe(200);
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 100 * 3_600_000).toISOString() })
      .where('id', '=', byExpiry.orderId)
      .execute();
    expect(await expireUnpaidOrders(app, new Date(Date.now() - 48 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await backMails(buyer, byExpiry.tool.name)).toHaveLength(1);
    expect(await alertRows(byExpiry.tool.id)).toHaveLength(0);
  });

  it('emails when an import raises the stock (not on its dry run), once', async () => {
    const { tool } = await soldOut(colleague);
    expect((await subscribe(tool.id)).statusCode).toBe(200);
    const file = (stock: number) =>
      importHeader + importRow(tool.sku, { name: tool.name, description: tool.description, image: tool.img, stock, minimum: 1 });
    const importCsv = (stock: number, dryRun: boolean) =>
      as(app, admin, {
        method: 'POST',
        url: `/api/tools/import${dryRun ? '?dryRun=true' : ''}`,
        headers: { 'content-type': 'text/csv' },
        payload: file(stock),
      });
    expect((await importCsv(25, true)).statusCode).toBe(200);
    expect(await alertRows(tool.id)).toHaveLength(1);
    expect(await backMails(buyer, tool.name)).toHaveLength(0);
    const imported = await importCsv(25, false);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await alertRows(tool.id)).toHaveLength(0);
    expect(await backMails(buyer, tool.name)).toHaveLength(1);
    expect((await importCsv(30, false)).statusCode).toBe(200);
    expect(await backMails(buyer, tool.name)).toHaveLength(1);
  });

  it('emails nobody who stopped, whose account was removed, or whose tool was deleted; nor for a change that failed', async () => {
    const stopped = await makeTool(app, { available: 0 });
    expect((await subscribe(stopped.id)).statusCode).toBe(200);
    const res = await unsubscribe(stopped.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ toolId: stopped.id, subscribed: false });
    expect((await unsubscribe(stopped.id)).statusCode).toBe(200);
    expect((await restock(stopped.id, 10)).statusCode).toBe(200);
    expect(await backMails(buyer, stopped.name)).toHaveLength(0);

    const leaver = await signUp(app);
    const left = await makeTool(app, { available: 0 });
    expect((await subscribe(left.id, leaver)).statusCode).toBe(200);
    expect((await as(app, admin, { method: 'DELETE', url: `/api/users/${leaver.id}` })).statusCode).toBe(204);
    expect((await restock(left.id, 10)).statusCode).toBe(200);
    expect(await backMails(leaver, left.name)).toHaveLength(0);

    // Deleting a tool cancels its unpaid orders and returns their stock to a tool that is gone.
    const deleted = await soldOut(colleague);
    expect((await subscribe(deleted.tool.id)).statusCode).toBe(200);
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${deleted.tool.id}` })).statusCode).toBe(204);
    expect(await backMails(buyer, deleted.tool.name)).toHaveLength(0);

    // An edit refused as a whole (a minimum above the stock) restocks nothing and emails nobody.
    const refused = await makeTool(app, { available: 0 });
    expect((await subscribe(refused.id)).statusCode).toBe(200);
    expect((await restock(refused.id, 5, 'restock', { minimum: 50 })).statusCode).toBe(400);
    expect(await alertRows(refused.id)).toHaveLength(1);
    expect(await backMails(buyer, refused.name)).toHaveLength(0);
    expect((await restock(refused.id, 5)).statusCode).toBe(200);
    expect(await backMails(buyer, refused.name)).toHaveLength(1);
  });

  it('refuses a tool in stock (409), an unknown, deleted or malformed one (404) and a visitor (401)', async () => {
    const inStock = await makeTool(app, { available: 3 });
    const res = await subscribe(inStock.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${inStock.name} is in stock: you can order it now.`);
    const gone = await makeTool(app, { available: 0 });
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` })).statusCode).toBe(204);
    expect((await subscribe(gone.id)).statusCode).toBe(404);
    expect((await subscribe(2_000_000_000)).statusCode).toBe(404);
    expect((await unsubscribe(2_000_000_000)).statusCode).toBe(404);
    // A path id that is no id is no tool (the API's rule for every path): 404, never a 500.
    for (const id of ['0', 'abc', '99999999999', '-1']) {
      const bad = await as(app, buyer, { method: 'POST', url: `/api/tools/${id}/stock-alert` });
      expect(bad.statusCode, id).toBe(404);
    }
    const out = await makeTool(app, { available: 0 });
    expect((await subscribe(out.id, null)).statusCode).toBe(401);
    expect((await as(app, null, { method: 'DELETE', url: `/api/tools/${out.id}/stock-alert` })).statusCode).toBe(401);
    expect((await as(app, null, { url: '/api/me/stock-alerts' })).statusCode).toBe(401);
    expect(await alertRows(out.id)).toHaveLength(0);
  });

  it('never leaves a subscriber waiting for a tool that is back: subscribing and restocking at once', async () => {
    const tools = await Promise.all(Array.from({ length: 12 }, () => makeTool(app, { available: 0 })));
    const answers = await Promise.all(tools.map((tool) => Promise.all([subscribe(tool.id, colleague), restock(tool.id, 7)])));
    for (const [index, [subscribed, restocked]] of answers.entries()) {
      const tool = tools[index]!;
      expect(restocked.statusCode).toBe(200);
      // Either the subscription came first (and the restock emailed it) or the restock did (and the subscription was refused).
      expect([200, 409], subscribed.body).toContain(subscribed.statusCode);
      expect(await alertRows(tool.id)).toHaveLength(0);
      expect(await backMails(colleague, tool.name)).toHaveLength(subscribed.statusCode === 200 ? 1 : 0);
    }
  });

  it(`lets a buyer wait for at most ${MAX_STOCK_ALERTS_PER_USER} tools at once`, async () => {
    const hoarder = await signUp(app);
    const tools = [];
    for (let i = 0; i <= MAX_STOCK_ALERTS_PER_USER; i += 1) tools.push(await makeTool(app, { available: 0 }));
    for (const tool of tools.slice(0, MAX_STOCK_ALERTS_PER_USER)) expect((await subscribe(tool.id, hoarder)).statusCode).toBe(200);
    const last = tools.at(-1)!;
    expect((await subscribe(last.id, hoarder)).statusCode).toBe(409);
    // Asking again for one already on the list is still fine.
    expect((await subscribe(tools[0]!.id, hoarder)).statusCode).toBe(200);
    expect((await mine(hoarder)).length).toBe(MAX_STOCK_ALERTS_PER_USER);
  });
});
