import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@toolsify/shared/orders';
import { as, createTestApp, signUp, signUpAdmin, usePostgres, type TestUser } from '../../test/helpers.ts';
import { findInvariantViolations } from '../../test/invariants.ts';
import { makeTool, orderBody } from '../../modules/orders/orders.test-helpers.ts';
import { catalogInStockPostgres } from './030-catalog-in-stock-postgres.ts';

// PostgreSQL only: SQLite counts from its partial in-stock index (migration 027).
describe.skipIf(!usePostgres)('migration 030: the tools in stock, a table of their own on PostgreSQL', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyer = await signUp(app, { name: 'Stock Buyer' });
    admin = await signUpAdmin(app, { name: 'Stock Admin' });
  });
  afterAll(() => app.close());

  const listed = async (toolId: number) =>
    (await app.db.selectFrom('tool_in_stock').select('price_cents').where('tool_id', '=', toolId).executeTakeFirst())?.price_cents ?? null;
  const inStockTotal = async (minPrice: number, maxPrice: number) => {
    const res = await app.inject({ url: `/api/tools?inStock=true&minPrice=${minPrice}&maxPrice=${maxPrice}&sort=price_asc&limit=1` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };

  it('follows every write of a tool: added, sold out by an order, restocked by a cancel, repriced, deleted', async () => {
    const tool = await makeTool(app, { available: 3, priceCents: 70_100 });
    const soldOut = await makeTool(app, { available: 0, priceCents: 70_200 });
    expect(await listed(tool.id)).toBe(70_100);
    expect(await listed(soldOut.id)).toBeNull();

    // An order that leaves stock changes nothing here; the one that takes the last piece does.
    const first = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 1) });
    expect(first.statusCode, first.body).toBe(201);
    expect(await listed(tool.id)).toBe(70_100);
    const last = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 2) });
    expect(last.statusCode, last.body).toBe(201);
    expect(await listed(tool.id)).toBeNull();

    const cancelled = await as(app, buyer, { method: 'DELETE', url: `/api/orders/${(last.json() as Order).id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listed(tool.id)).toBe(70_100);

    const repriced = await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { priceCents: 70_150 } });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await listed(tool.id)).toBe(70_150);

    const deleted = await as(app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await listed(tool.id)).toBeNull();
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  it('is kept in step by a write from a session with another search_path', async () => {
    const tool = await makeTool(app, { available: 1, priceCents: 75_100 });
    // A price change: the stock stays as the ledger says (the invariant checker runs after).
    const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db)).rows[0]!;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local search_path = public`.execute(trx);
      await sql`update ${sql.id(schema, 'tool')} set price_cents = 75200 where id = ${tool.id}`.execute(trx);
    });
    expect(await listed(tool.id)).toBe(75_200);
  });

  it('is what the catalog counts an in-stock price range from', async () => {
    const [a, b] = [await makeTool(app, { available: 5, priceCents: 80_100 }), await makeTool(app, { available: 5, priceCents: 80_200 })];
    await makeTool(app, { available: 0, priceCents: 80_300 });
    expect(await inStockTotal(80_000, 81_000)).toBe(2);
    // Taken out of the table behind the triggers' back, a tool is no longer counted (and the
    // invariant checker says so): the count reads this table, not the tools' stock.
    await app.db.deleteFrom('tool_in_stock').where('tool_id', '=', a.id).execute();
    await makeTool(app, { available: 5, priceCents: 80_400 });
    expect(await inStockTotal(80_000, 81_000)).toBe(2);
    expect(await findInvariantViolations(app.db)).toContain(`tool ${a.id} is in stock but not listed in stock`);
    await app.db.insertInto('tool_in_stock').values({ tool_id: a.id, price_cents: 80_100 }).execute();
    await app.db.updateTable('tool_in_stock').set({ price_cents: 1 }).where('tool_id', '=', b.id).execute();
    expect(await findInvariantViolations(app.db)).toContain(`tool ${b.id} is listed in stock at 1 cents but costs 80200`);
    await app.db.updateTable('tool_in_stock').set({ price_cents: 80_200 }).where('tool_id', '=', b.id).execute();
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  it('counts a range by the table index alone', async () => {
    await sql`vacuum analyze tool_in_stock`.execute(app.db);
    // A few rows: told not to read the table itself, as it would not at 100,000 tools.
    const plan = await app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`
        explain select count(*) from (select 1 from tool_in_stock s where s.price_cents >= 100 and s.price_cents <= 90000 order by s.price_cents limit 1001) m
      `.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using tool_in_stock_price_idx/);
  });

  it('is filled from the tools there are when the migration runs', async () => {
    const tool = await makeTool(app, { available: 9, priceCents: 90_100 });
    const migration = catalogInStockPostgres('postgres');
    await migration.down!(app.db);
    await migration.up(app.db);
    expect(await listed(tool.id)).toBe(90_100);
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });
});
