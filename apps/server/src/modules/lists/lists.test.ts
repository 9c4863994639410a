import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_LISTS_PER_USER, type SavedList } from '@toolsify/shared/lists';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';

describe('saved lists', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    alice = await signUp(app);
    bob = await signUp(app);
  });
  afterAll(() => app.close());

  const lines = [
    { toolId: 3, quantity: 48 },
    { toolId: 1, quantity: 250 },
  ];
  const mine = async (user: TestUser) => ((await as(app, user, { url: '/api/lists' })).json() as { items: SavedList[] }).items;

  it("keeps a buyer's lists, the last changed first, each name once in any case, and never shows them to another buyer", async () => {
    expect(await mine(alice)).toEqual([]);
    const first = await as(app, alice, { method: 'POST', url: '/api/lists', payload: { name: '  Site kit  ', lines } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Site kit', lines });
    const second = await as(app, alice, { method: 'POST', url: '/api/lists', payload: { name: 'Consumables', lines: [lines[0]] } });
    expect(second.statusCode).toBe(201);
    expect((await mine(alice)).map((l) => l.name)).toEqual(['Consumables', 'Site kit']);

    const taken = await as(app, alice, { method: 'POST', url: '/api/lists', payload: { name: 'SITE KIT', lines } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ name: 'You already have a list named "SITE KIT"' });
    // Another buyer may use the name; neither sees the other's.
    expect((await as(app, bob, { method: 'POST', url: '/api/lists', payload: { name: 'Site kit', lines } })).statusCode).toBe(201);
    expect(await mine(bob)).toHaveLength(1);
    expect(await mine(alice)).toHaveLength(2);
    const id = (first.json() as SavedList).id;
    expect((await as(app, alice, { url: `/api/lists/${id}` })).json()).toMatchObject({ id, name: 'Site kit' });
    for (const request of [
      { url: `/api/lists/${id}` },
      { method: 'PUT' as const, url: `/api/lists/${id}`, payload: { name: 'Mine now', lines } },
      { method: 'DELETE' as const, url: `/api/lists/${id}` },
    ]) {
      expect((await as(app, bob, request)).statusCode).toBe(404);
    }
    expect((await as(app, alice, { url: `/api/lists/${id}` })).json()).toMatchObject({ name: 'Site kit', lines });
  });

  it('replaces a list whole, renames it (its own name in another case too), and refuses a name another list has', async () => {
    const made = (await as(app, alice, { method: 'POST', url: '/api/lists', payload: { name: 'Van stock', lines } })).json() as SavedList;
    const other = (await as(app, alice, { method: 'POST', url: '/api/lists', payload: { name: 'Workshop', lines } })).json() as SavedList;
    const put = (id: number, payload: object) => as(app, alice, { method: 'PUT', url: `/api/lists/${id}`, payload });
    // Saved a moment apart (two saves in one millisecond would tie, and the newer id go first).
    await app.db.updateTable('saved_list').set({ updated_at: '2026-01-01T00:00:00.000Z' }).where('id', 'in', [made.id, other.id]).execute();
    const replaced = await put(made.id, { name: 'VAN STOCK', lines: [{ toolId: 7, quantity: 12 }] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: made.id, name: 'VAN STOCK', lines: [{ toolId: 7, quantity: 12 }] });
    expect((await mine(alice))[0]?.id).toBe(made.id);

    const clash = await put(made.id, { name: 'workshop', lines });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({ name: 'You already have a list named "workshop"' });
    expect((await as(app, alice, { url: `/api/lists/${made.id}` })).json()).toMatchObject({ name: 'VAN STOCK' });
    expect((await put(2_000_000_000, { name: 'Nowhere', lines })).statusCode).toBe(404);

    expect((await as(app, alice, { method: 'DELETE', url: `/api/lists/${other.id}` })).statusCode).toBe(204);
    expect((await as(app, alice, { method: 'DELETE', url: `/api/lists/${other.id}` })).statusCode).toBe(404);
    expect((await mine(alice)).some((l) => l.id === other.id)).toBe(false);
  });

  it('refuses a bad list with a message naming the field, and saves nothing', async () => {
    const before = await mine(alice);
    const cases: Array<[unknown, string]> = [
      [{ name: '', lines }, 'name'],
      [{ name: '   ', lines }, 'name'],
      [{ name: 'x'.repeat(61), lines }, 'name'],
      [{ name: 'Two\nlines', lines }, 'name'],
      [{ name: 'Empty', lines: [] }, 'lines'],
      [{ name: 'Twice', lines: [lines[0], lines[0]] }, 'lines.1.toolId'],
      [{ name: 'Zero', lines: [{ toolId: 1, quantity: 0 }] }, 'lines.0.quantity'],
      [{ name: 'Many', lines: Array.from({ length: 101 }, (_, n) => ({ toolId: n + 1, quantity: 1 })) }, 'lines'],
      [{ name: 'Extra', lines, owner: 'someone' }, ''],
      [{ lines }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await as(app, alice, { method: 'POST', url: '/api/lists', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? { '': '' }).join(' '), JSON.stringify(payload).slice(0, 60)).toContain(field);
    }
    expect(await mine(alice)).toEqual(before);
  });

  it(`keeps at most ${MAX_LISTS_PER_USER} lists a buyer`, async () => {
    const carol = await signUp(app);
    for (let n = 0; n < MAX_LISTS_PER_USER; n += 1) {
      const res = await as(app, carol, { method: 'POST', url: '/api/lists', payload: { name: `List ${n}`, lines } });
      expect(res.statusCode).toBe(201);
    }
    const over = await as(app, carol, { method: 'POST', url: '/api/lists', payload: { name: 'One more', lines } });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(`You keep ${MAX_LISTS_PER_USER} lists at most: delete one to save another`);
    expect(await mine(carol)).toHaveLength(MAX_LISTS_PER_USER);
  });

  it('never takes more than the cap, however many saves come at once', async () => {
    const dave = await signUp(app);
    for (let n = 0; n < MAX_LISTS_PER_USER - 2; n += 1) {
      expect((await as(app, dave, { method: 'POST', url: '/api/lists', payload: { name: `Job ${n}`, lines } })).statusCode).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => as(app, dave, { method: 'POST', url: '/api/lists', payload: { name: `Rush ${n}`, lines } })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(await mine(dave)).toHaveLength(MAX_LISTS_PER_USER);
  });
});
