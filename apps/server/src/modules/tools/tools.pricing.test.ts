import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';

/** Price breaks, pack size and maximum per order on the tools API: saved, answered, checked as a whole. */
describe('tool pricing (admin)', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let skus = 0;
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Hex Key Set',
    sku: `HK-${(skus += 1)}`,
    description: 'Nine hex keys in a holder.',
    img: '/images/tools/drill.svg',
    available: 2_400,
    minimum: 24,
    priceCents: 1250,
    ...extra,
  });
  const create = (extra: Record<string, unknown> = {}, user: TestUser = admin) =>
    as(app, user, { method: 'POST', url: '/api/tools', payload: body(extra) });
  const patch = (id: number, payload: Record<string, unknown>, user: TestUser = admin) =>
    as(app, user, { method: 'PATCH', url: `/api/tools/${id}`, payload });
  const breaks = [
    { minQuantity: 48, unitPriceCents: 1100 },
    { minQuantity: 96, unitPriceCents: 990 },
  ];

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    customer = await signUp(app);
  });
  afterAll(() => app.close());

  it('saves breaks, pack size and maximum, and answers them on the list and the detail', async () => {
    const res = await create({ priceBreaks: breaks, packSize: 24, maxPerOrder: 480 });
    expect(res.statusCode, res.body).toBe(201);
    const tool = res.json();
    expect(tool).toMatchObject({ priceBreaks: breaks, packSize: 24, maxPerOrder: 480 });
    expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({
      priceBreaks: breaks,
      packSize: 24,
      maxPerOrder: 480,
    });
    const listed = (await app.inject({ url: '/api/tools?limit=50' })).json().items.find((t: { id: number }) => t.id === tool.id);
    expect(listed).toMatchObject({ priceBreaks: breaks, packSize: 24, maxPerOrder: 480 });
  });

  it('defaults to no breaks, packs of 1 and no maximum (the spec body still works)', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ priceBreaks: [], packSize: 1, maxPerOrder: null });
  });

  it('refuses settings that do not fit together, naming each field, and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ minimum: 30, packSize: 24 }, { minimum: 'Minimum must be a whole number of packs of 24' }],
      [{ packSize: 24, maxPerOrder: 100 }, { maxPerOrder: 'Maximum per order must be a whole number of packs of 24' }],
      [{ maxPerOrder: 10 }, { maxPerOrder: 'Maximum per order must be at least the minimum' }],
      [
        { priceBreaks: [{ minQuantity: 24, unitPriceCents: 1000 }] },
        { 'priceBreaks.0.minQuantity': 'A price break must start above the minimum' },
      ],
      [
        { priceBreaks: [{ minQuantity: 48, unitPriceCents: 1250 }] },
        { 'priceBreaks.0.unitPriceCents': 'A price break must be lower than the price' },
      ],
      [
        {
          priceBreaks: [
            { minQuantity: 96, unitPriceCents: 1000 },
            { minQuantity: 48, unitPriceCents: 1100 },
          ],
        },
        {
          'priceBreaks.1.minQuantity': 'Each price break must start above the one before',
          'priceBreaks.1.unitPriceCents': 'Each price break must be lower than the one before',
        },
      ],
      [
        { packSize: 24, priceBreaks: [{ minQuantity: 50, unitPriceCents: 1000 }] },
        { 'priceBreaks.0.minQuantity': 'A price break must start at a whole number of packs of 24' },
      ],
      [
        { maxPerOrder: 48, priceBreaks: [{ minQuantity: 96, unitPriceCents: 1000 }] },
        { 'priceBreaks.0.minQuantity': 'A price break must start within the maximum per order' },
      ],
      [{ packSize: 0 }, { packSize: 'Pack size must be at least 1' }],
      [{ packSize: 10_001 }, { packSize: 'Pack size must be 10,000 or less' }],
      [
        { priceBreaks: Array.from({ length: 6 }, (_, n) => ({ minQuantity: 48 * (n + 1), unitPriceCents: 1200 - n })) },
        { priceBreaks: 'At most 5 price breaks' },
      ],
      [
        { priceBreaks: [{ minQuantity: 48, unitPriceCents: 0 }] },
        { 'priceBreaks.0.unitPriceCents': 'A price break costs at least 1 cent' },
      ],
      [{ priceBreaks: 'cheap' }, { priceBreaks: 'Price breaks must be a list' }],
    ];
    const before = (await app.inject({ url: '/api/tools?limit=100' })).json().items.length;
    for (const [extra, fields] of cases) {
      const res = await create(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(extra)).toEqual(fields);
    }
    expect((await app.inject({ url: '/api/tools?limit=100' })).json().items.length).toBe(before);
  });

  it('checks an edit against the tool as it is: a pack size the minimum is not a multiple of is refused', async () => {
    const tool = (await create({ priceBreaks: breaks, packSize: 24 })).json();
    const bad = await patch(tool.id, { packSize: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ minimum: 'Minimum must be a whole number of packs of 10' });
    const lower = await patch(tool.id, { priceCents: 1000 });
    expect(lower.json().error.fields).toEqual({ 'priceBreaks.0.unitPriceCents': 'A price break must be lower than the price' });
    expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({
      priceCents: 1250,
      packSize: 24,
      priceBreaks: breaks,
    });

    const ok = await patch(tool.id, { packSize: 12, maxPerOrder: 600, priceBreaks: [{ minQuantity: 120, unitPriceCents: 1000 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ packSize: 12, maxPerOrder: 600, priceBreaks: [{ minQuantity: 120, unitPriceCents: 1000 }] });
    const cleared = await patch(tool.id, { maxPerOrder: null, priceBreaks: [] });
    expect(cleared.json()).toMatchObject({ maxPerOrder: null, priceBreaks: [] });
  });

  it('is for admins only', async () => {
    const tool = (await create()).json();
    expect((await create({}, customer)).statusCode).toBe(403);
    expect((await patch(tool.id, { packSize: 2 }, customer)).statusCode).toBe(403);
  });
});
