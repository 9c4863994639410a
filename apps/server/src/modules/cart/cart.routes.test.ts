import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool } from '../orders/orders.test-helpers.ts';

describe('the cart and quick-order lookups', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  // The cart's lines name tools: tool(1) to tool(9).
  const toolIds: number[] = [];
  const tool = (n: number): number => toolIds[n - 1] ?? 0;

  beforeAll(async () => {
    app = await createTestApp();
    alice = await signUp(app);
    bob = await signUp(app);
    admin = await signUpAdmin(app);
    for (let n = 1; n <= 9; n++) toolIds.push((await makeTool(app, { available: 100 })).id);
  });
  afterAll(() => app.close());

  it('keeps each buyer’s cart on the server: empty at first, replaced whole, never another’s', async () => {
    expect((await as(app, alice, { url: '/api/cart' })).json()).toEqual({ lines: [], version: '' });
    const lines = [
      { toolId: tool(3), quantity: 48 },
      { toolId: tool(1), quantity: 2 },
    ];
    const saved = await as(app, alice, { method: 'PUT', url: '/api/cart', payload: { lines } });
    expect(saved.statusCode).toBe(200);
    expect((await as(app, alice, { url: '/api/cart' })).json()).toEqual({ lines, version: saved.json().version });
    expect((await as(app, bob, { url: '/api/cart' })).json()).toEqual({ lines: [], version: '' });
    await as(app, alice, { method: 'PUT', url: '/api/cart', payload: { lines: [] } });
    expect((await as(app, alice, { url: '/api/cart' })).json()).toMatchObject({ lines: [] });
    expect((await app.inject({ url: '/api/cart' })).statusCode).toBe(401);
  });

  it('never overwrites a cart changed since it was read (another device, another tab): 409, and the cart stays', async () => {
    const buyer = await signUp(app);
    const put = (payload: object) => as(app, buyer, { method: 'PUT', url: '/api/cart', payload });
    const read = async () => (await as(app, buyer, { url: '/api/cart' })).json() as { lines: unknown[]; version: string };
    // Two devices read the empty cart; the phone saves first, the desktop's stale save is refused.
    const first = await read();
    const phone = await put({ lines: [{ toolId: tool(7), quantity: 30 }], version: first.version });
    expect(phone.statusCode, phone.body).toBe(200);
    const desktop = await put({ lines: [{ toolId: tool(9), quantity: 5 }], version: first.version });
    expect(desktop.statusCode).toBe(409);
    expect(desktop.json().error.message).toMatch(/changed on another device or in another tab/);
    expect((await read()).lines).toEqual([{ toolId: tool(7), quantity: 30 }]);
    // Made again on the cart as it is now: saved, with a new version every time.
    const now = await read();
    const again = await put({ lines: [...now.lines, { toolId: tool(9), quantity: 5 }], version: now.version });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).not.toBe(now.version);
    const quick = await put({ lines: [], version: again.json().version });
    expect(quick.json().version).not.toBe(again.json().version);
    expect((await put({ lines: [{ toolId: tool(1), quantity: 1 }], version: again.json().version })).statusCode).toBe(409);
    // Without a version (the spec's clients), the cart is replaced whatever it is.
    expect((await put({ lines: [{ toolId: tool(2), quantity: 2 }] })).statusCode).toBe(200);
    expect((await read()).lines).toEqual([{ toolId: tool(2), quantity: 2 }]);
    // A version that is not one: 400, nothing changed.
    for (const version of ['yesterday', '2025-13-45T00:00:00.000Z', 7]) {
      const bad = await put({ lines: [], version });
      expect(bad.statusCode, String(version)).toBe(400);
      expect(bad.json().error.fields, String(version)).toHaveProperty('version');
    }
    expect((await read()).lines).toEqual([{ toolId: tool(2), quantity: 2 }]);
  });

  it('refuses a malformed cart with 400 naming the field, and keeps the one it had', async () => {
    await as(app, alice, { method: 'PUT', url: '/api/cart', payload: { lines: [{ toolId: tool(1), quantity: 5 }] } });
    const cases: Array<[unknown, string]> = [
      [
        {
          lines: [
            { toolId: tool(1), quantity: 1 },
            { toolId: tool(1), quantity: 2 },
          ],
        },
        'lines.1.toolId',
      ],
      [{ lines: Array.from({ length: 101 }, (_, n) => ({ toolId: n + 1, quantity: 1 })) }, 'lines'],
      // A tool that never was: a deleted one may stay (the cart page flags it), this one may not.
      [
        {
          lines: [
            { toolId: tool(1), quantity: 1 },
            { toolId: 2_000_000, quantity: 1 },
          ],
        },
        'lines.1.toolId',
      ],
      [{ lines: [{ toolId: tool(1), quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ toolId: tool(1), quantity: 1, priceCents: 1 }] }, 'lines.0'],
      [{ lines: 'many' }, 'lines'],
    ];
    for (const [payload, field] of cases) {
      const res = await as(app, alice, { method: 'PUT', url: '/api/cart', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(' '), field).toContain(field);
    }
    expect((await as(app, alice, { url: '/api/cart' })).json()).toMatchObject({ lines: [{ toolId: tool(1), quantity: 5 }] });
    const unknown = await as(app, alice, { method: 'PUT', url: '/api/cart', payload: { lines: [{ toolId: 2_000_000, quantity: 1 }] } });
    expect(unknown.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'lines.0.toolId: No tool has this id.',
      fields: { 'lines.0.toolId': 'No tool has this id.' },
    });
  });

  it('keeps a line whose tool was deleted since (the cart page flags it)', async () => {
    const gone = await makeTool(app, { available: 5 });
    await app.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const lines = [
      { toolId: gone.id, quantity: 1 },
      { toolId: tool(2), quantity: 3 },
    ];
    const res = await as(app, bob, { method: 'PUT', url: '/api/cart', payload: { lines } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(app, bob, { url: '/api/cart' })).json().lines).toEqual(lines);
  });

  it('finds live tools by SKU in any case, and never a deleted one', async () => {
    const kept = await makeTool(app, { available: 10 });
    const gone = await makeTool(app, { available: 10 });
    await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` });
    const res = await app.inject({
      method: 'POST',
      url: '/api/tools/by-sku',
      payload: { skus: [kept.sku.toLowerCase(), gone.sku, 'NO-SUCH-1'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((t: { id: number }) => t.id)).toEqual([kept.id]);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/tools/by-sku',
      payload: { skus: Array.from({ length: 201 }, (_, n) => `S-${n}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ skus: 'At most 200 SKUs at a time' });
  });

  it('finds a SKU typed without its dashes, dots or underscores, when one tool alone reads so; two that read alike leave it unknown', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const drill = await makeTool(app, { available: 10, sku: `NEAR-DD18-2A-${stamp}` });
    await makeTool(app, { available: 10, sku: `TWIN-1.2-${stamp}` });
    await makeTool(app, { available: 10, sku: `TWIN-12-${stamp}` });
    const lookup = async (skus: string[]) =>
      ((await app.inject({ method: 'POST', url: '/api/tools/by-sku', payload: { skus } })).json() as { items: Array<{ id: number }> })
        .items;
    expect((await lookup([`neardd182a${stamp}`])).map((t) => t.id)).toEqual([drill.id]);
    expect(await lookup([`twin12${stamp}`])).toEqual([]);
  });

  it('reads the live tools of many ids in one request, in the order asked, each once; a deleted one is named apart, an unknown one left out', async () => {
    const first = await makeTool(app, { available: 10 });
    const second = await makeTool(app, { available: 10 });
    const gone = await makeTool(app, { available: 10 });
    await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` });
    const lookup = (payload: unknown) => app.inject({ method: 'POST', url: '/api/tools/by-id', payload: payload as object });
    const res = await lookup({ ids: [second.id, gone.id, 2_000_000_000, first.id, second.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    expect(res.json().items[0]).toMatchObject({ id: second.id, sku: second.sku, available: 10 });
    // The deleted tool by the name and SKU it was sold under (what a cart or list line of it is called), and nothing more.
    expect(res.json().gone).toEqual([{ id: gone.id, name: gone.name, sku: gone.sku }]);
    expect((await lookup({ ids: [first.id] })).json().gone).toEqual([]);

    for (const [payload, message] of [
      [{ ids: [] }, 'Send at least one tool id'],
      [{ ids: Array.from({ length: 201 }, (_, n) => n + 1) }, 'At most 200 tool ids at a time'],
      [{ ids: 'all' }, 'ids must be a list of tool ids'],
    ] as const) {
      const refused = await lookup(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ ids: message });
    }
    for (const payload of [{ ids: [0] }, { ids: [1.5] }, { ids: ['1'] }, { ids: [1], skus: ['x'] }, {}]) {
      expect((await lookup(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
