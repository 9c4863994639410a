import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stats } from '@toolsify/shared/stats';
import type { ManagedTool, ManagedToolPage } from '@toolsify/shared/tools';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { databaseFingerprint } from '../../test/invariants.ts';
import { orderBody } from '../../test/authz-matrix.recipes.ts';

/** The admin's low-stock threshold: set in Add a Product and Edit, listed by the Low stock view. */
describe('low stock', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let skus = 0;

  const create = async (available: number, lowStockThreshold?: number | null, minimum = 1) => {
    const res = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: `Low stock tool ${(skus += 1)}`,
        sku: `LS-${skus}`,
        description: 'Counts its pieces',
        img: '/images/tools/drill.svg',
        available: Math.max(available, 1),
        minimum,
        priceCents: 500,
        ...(lowStockThreshold !== undefined ? { lowStockThreshold } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tool = res.json() as ManagedTool;
    if (available > 0) return tool;
    // A new tool has stock; an empty one is a tool whose last pieces were corrected away.
    const emptied = await as(app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { stock: { delta: -1, reason: 'correction' } },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    return emptied.json() as ManagedTool;
  };
  const manage = (query = '', user: TestUser | null = admin) => as(app, user, { method: 'GET', url: `/api/tools/manage${query}` });
  const patch = (id: number, payload: object) => as(app, admin, { method: 'PATCH', url: `/api/tools/${id}`, payload });

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    admin = await signUpAdmin(app);
    customer = await signUp(app);
  });
  afterAll(() => app?.close());

  it('is set when a product is added, changed and cleared in Edit, and kept from the public catalog', async () => {
    expect((await create(100)).lowStockThreshold).toBeNull();
    const tool = await create(100, 30);
    expect(tool.lowStockThreshold).toBe(30);

    const edited = await patch(tool.id, { lowStockThreshold: 120 });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as ManagedTool).lowStockThreshold).toBe(120);
    const cleared = await patch(tool.id, { lowStockThreshold: null });
    expect((cleared.json() as ManagedTool).lowStockThreshold).toBeNull();
    // Another field's edit leaves it as it is.
    await patch(tool.id, { lowStockThreshold: 0 });
    expect(((await patch(tool.id, { priceCents: 650 })).json() as ManagedTool).lowStockThreshold).toBe(0);

    const publicTool = (await app.inject({ url: `/api/tools/${tool.id}` })).json() as Record<string, unknown>;
    expect(publicTool).not.toHaveProperty('lowStockThreshold');
    const publicList = (await app.inject({ url: '/api/tools?limit=5' })).json() as { items: Array<Record<string, unknown>> };
    expect(publicList.items[0]).not.toHaveProperty('lowStockThreshold');
  });

  it('refuses a threshold that is not a whole number of pieces, naming the field, and changes nothing', async () => {
    const tool = await create(100, 10);
    const before = await databaseFingerprint(app.db);
    for (const value of [-1, 1.5, 'ten', 10_000_001, true]) {
      for (const res of [
        await patch(tool.id, { lowStockThreshold: value }),
        await as(app, admin, {
          method: 'POST',
          url: '/api/tools',
          payload: {
            name: 'Refused',
            sku: 'LS-REFUSED',
            description: 'Never saved',
            img: '/images/tools/drill.svg',
            available: 10,
            minimum: 1,
            priceCents: 100,
            lowStockThreshold: value,
          },
        }),
      ]) {
        expect(res.statusCode, String(value)).toBe(400);
        expect(Object.keys((res.json() as { error: { fields: Record<string, string> } }).error.fields)).toEqual(['lowStockThreshold']);
      }
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect(
      (await app.db.selectFrom('tool').select('low_stock_threshold').where('id', '=', tool.id).executeTakeFirstOrThrow())
        .low_stock_threshold,
    ).toBe(10);
  });

  it('lists the tools at or under their threshold, emptiest first, a page at a time, with the count', async () => {
    const fresh = await createTestApp();
    const [savedApp, savedAdmin] = [app, admin];
    try {
      app = fresh;
      admin = await signUpAdmin(fresh);
      const atIt = await create(50, 50);
      const under = await create(5, 50);
      const over = await create(51, 50);
      const none = await create(0); // no threshold: never low, even at 0
      const empty = await create(0, 0);
      const gone = await create(1, 10);
      expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` })).statusCode).toBe(204);
      const alsoUnder = await create(5, 6);

      const low = (await manage('?lowStock=true')).json() as ManagedToolPage;
      expect(low.items.map((t) => t.id)).toEqual([empty.id, under.id, alsoUnder.id, atIt.id]);
      expect(low.lowStockCount).toBe(4);
      expect(low.nextCursor).toBeNull();
      expect(low.items.map((t) => t.id)).not.toContain(over.id);

      // Page by page: every low tool once, in the same order.
      const seen: number[] = [];
      let cursor: string | number | null = null;
      do {
        const page = (await manage(`?lowStock=true&limit=1${cursor === null ? '' : `&cursor=${cursor}`}`)).json() as ManagedToolPage;
        seen.push(...page.items.map((t) => t.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual(low.items.map((t) => t.id));

      // Every live tool, newest first, with its threshold.
      const all = (await manage('?limit=100')).json() as ManagedToolPage;
      expect(all.items.map((t) => t.id)).toEqual([alsoUnder.id, empty.id, none.id, over.id, under.id, atIt.id]);
      expect(all.items.find((t) => t.id === over.id)?.lowStockThreshold).toBe(50);
      expect(all.lowStockCount).toBe(4);
      const firstTwo = (await manage('?limit=2')).json() as ManagedToolPage;
      const rest = (await manage(`?limit=100&cursor=${firstTwo.nextCursor}`)).json() as ManagedToolPage;
      expect([...firstTwo.items, ...rest.items].map((t) => t.id)).toEqual(all.items.map((t) => t.id));

      // The dashboard counts the same tools.
      const stats = (await as(app, admin, { method: 'GET', url: '/api/stats' })).json() as Stats;
      expect(stats.lowStockTools).toBe(4);
    } finally {
      app = savedApp;
      admin = savedAdmin;
      await fresh.close();
    }
  });

  it('follows the stock: an order that takes it to the threshold lists the tool, its cancel takes it off', async () => {
    const tool = await create(100, 40, 10);
    const isListed = async () => ((await manage('?lowStock=true&limit=100')).json() as ManagedToolPage).items.some((t) => t.id === tool.id);
    expect(await isListed()).toBe(false);
    const placed = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 60) });
    expect(placed.statusCode).toBe(201);
    expect(await isListed()).toBe(true);
    const cancelled = await as(app, customer, { method: 'DELETE', url: `/api/orders/${(placed.json() as { id: number }).id}` });
    expect(cancelled.statusCode).toBe(200);
    expect(await isListed()).toBe(false);
  });

  it('is for admins only, and answers a bad query with a 400 naming the parameter', async () => {
    expect((await manage('', null)).statusCode).toBe(401);
    expect((await manage('', customer)).statusCode).toBe(403);
    expect((await manage('?lowStock=true', customer)).statusCode).toBe(403);
    const cases: Array<[string, string]> = [
      ['?lowStock=yes', 'lowStock'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=abc', 'cursor'],
      ['?cursor=5.12', 'cursor'],
      ['?lowStock=true&cursor=12', 'cursor'],
      ['?lowStock=true&cursor=1.99999999999', 'cursor'],
      ['?cursor=99999999999', 'cursor'],
      ['?sort=name', 'sort'],
    ];
    for (const [query, field] of cases) {
      const res = await manage(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { error: { fields: Record<string, string> } }).error.fields), query).toContain(field);
    }
  });
});
