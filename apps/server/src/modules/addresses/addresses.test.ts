import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_ADDRESSES, type ShipToAddress } from '@toolsify/shared/addresses';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';

describe('ship-to addresses', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    alice = await signUp(app);
    bob = await signUp(app);
  });
  afterAll(() => app.close());

  const warehouse = { label: 'Main warehouse', phone: '+44 113 496 0000', address: '12 Mill Road\nLeeds LS1 4AB' };
  const site = { label: 'Site 14', phone: '+44 113 496 0114', address: 'Plot 14, Kirkstall Forge, Leeds' };
  const mine = async (user: TestUser) => ((await as(app, user, { url: '/api/me/addresses' })).json() as { items: ShipToAddress[] }).items;
  const post = (user: TestUser, payload: object) => as(app, user, { method: 'POST', url: '/api/me/addresses', payload });

  it("keeps a buyer's addresses by label, each label once in any case, and never shows them to another buyer or an admin", async () => {
    expect(await mine(alice)).toEqual([]);
    const first = await post(alice, { ...warehouse, label: '  Main warehouse  ', phone: ' +44 113 496 0000 ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject(warehouse);
    expect(await post(alice, site)).toHaveProperty('statusCode', 201);
    expect(await post(alice, { ...site, label: 'Site 2' })).toHaveProperty('statusCode', 201);
    // By label as a person reads them: "Site 2" before "Site 14".
    expect((await mine(alice)).map((a) => a.label)).toEqual(['Main warehouse', 'Site 2', 'Site 14']);

    const taken = await post(alice, { ...site, label: 'MAIN WAREHOUSE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { label: 'You already have an address labelled "MAIN WAREHOUSE"' },
    });
    expect(await mine(alice)).toHaveLength(3);

    // Another buyer may use the label; neither sees the other's.
    expect((await post(bob, warehouse)).statusCode).toBe(201);
    expect(await mine(bob)).toHaveLength(1);
    expect(await mine(alice)).toHaveLength(3);

    // Anyone else's address is not found, an admin's request too, and stays as it was.
    const id = (first.json() as ShipToAddress).id;
    const admin = await signUpAdmin(app);
    for (const user of [bob, admin]) {
      for (const request of [
        { method: 'PUT' as const, url: `/api/me/addresses/${id}`, payload: { ...site, label: 'Mine now' } },
        { method: 'DELETE' as const, url: `/api/me/addresses/${id}` },
      ]) {
        const res = await as(app, user, request);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect((await mine(user)).some((a) => a.id === id)).toBe(false);
    }
    expect((await mine(alice)).find((a) => a.id === id)).toMatchObject(warehouse);
  });

  it('replaces an address whole, relabels it (its own label in another case too), refuses a label another has, and removes it', async () => {
    const carol = await signUp(app);
    const made = (await post(carol, warehouse)).json() as ShipToAddress;
    const other = (await post(carol, site)).json() as ShipToAddress;
    const put = (id: number, payload: object) => as(app, carol, { method: 'PUT', url: `/api/me/addresses/${id}`, payload });

    const replaced = await put(made.id, { label: 'MAIN WAREHOUSE', phone: '0113 496 0001', address: '14 Mill Road, Leeds' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: made.id, label: 'MAIN WAREHOUSE', phone: '0113 496 0001', address: '14 Mill Road, Leeds' });
    expect(await mine(carol)).toEqual([replaced.json(), other]);

    const clash = await put(made.id, { ...warehouse, label: 'site 14' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({ label: 'You already have an address labelled "site 14"' });
    expect((await mine(carol)).find((a) => a.id === made.id)).toMatchObject({ label: 'MAIN WAREHOUSE', address: '14 Mill Road, Leeds' });
    expect((await put(2_000_000_000, warehouse)).statusCode).toBe(404);

    expect((await as(app, carol, { method: 'DELETE', url: `/api/me/addresses/${other.id}` })).statusCode).toBe(204);
    expect((await as(app, carol, { method: 'DELETE', url: `/api/me/addresses/${other.id}` })).statusCode).toBe(404);
    expect((await put(other.id, site)).statusCode).toBe(404);
    expect((await mine(carol)).map((a) => a.id)).toEqual([made.id]);
    // Its label is free again.
    expect((await post(carol, site)).statusCode).toBe(201);
  });

  it('refuses a bad address with a message naming the field, and saves nothing', async () => {
    const before = await mine(alice);
    const [first] = before;
    const cases: Array<[unknown, string]> = [
      [{ ...site, label: '' }, 'label'],
      [{ ...site, label: '   ' }, 'label'],
      [{ ...site, label: 'x'.repeat(61) }, 'label'],
      [{ ...site, label: 'Two\nlines' }, 'label'],
      [{ ...site, label: 14 }, 'label'],
      [{ phone: site.phone, address: site.address }, 'label'],
      [{ ...site, phone: '' }, 'phone'],
      [{ ...site, phone: 'call the site' }, 'phone'],
      [{ ...site, phone: '12345' }, 'phone'],
      [{ ...site, phone: '1'.repeat(31) }, 'phone'],
      [{ label: 'No phone', address: site.address }, 'phone'],
      [{ ...site, address: '' }, 'address'],
      [{ ...site, address: '  ' }, 'address'],
      [{ ...site, address: 'x'.repeat(501) }, 'address'],
      [{ label: 'No address', phone: site.phone }, 'address'],
      [{ ...site, label: 'Extra', userId: bob.id }, ''],
    ];
    for (const [payload, field] of cases) {
      const label = JSON.stringify(payload).slice(0, 60);
      for (const res of [
        await post(alice, payload as object),
        await as(app, alice, { method: 'PUT', url: `/api/me/addresses/${first!.id}`, payload: payload as object }),
      ]) {
        expect(res.statusCode, label).toBe(400);
        expect(Object.keys(res.json().error.fields ?? { '': '' }).join(' '), label).toContain(field);
      }
    }
    expect(await mine(alice)).toEqual(before);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses a buyer`, async () => {
    const dave = await signUp(app);
    for (let n = 0; n < MAX_ADDRESSES; n += 1) {
      expect((await post(dave, { ...site, label: `Site ${n}` })).statusCode).toBe(201);
    }
    const over = await post(dave, { ...site, label: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `You keep ${MAX_ADDRESSES} ship-to addresses at most: remove one to add another`,
    });
    expect(await mine(dave)).toHaveLength(MAX_ADDRESSES);
    // Replacing one is not adding one.
    const [one] = await mine(dave);
    expect(
      (await as(app, dave, { method: 'PUT', url: `/api/me/addresses/${one!.id}`, payload: { ...site, label: 'Renamed' } })).statusCode,
    ).toBe(200);
  });

  it('never takes more than the cap, however many saves come at once', async () => {
    const carol = await signUp(app);
    for (let n = 1; n <= MAX_ADDRESSES - 2; n++) expect((await post(carol, { ...site, label: `Yard ${n}` })).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => post(carol, { ...site, label: `Rush ${n}` })));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(6);
    expect(await mine(carol)).toHaveLength(MAX_ADDRESSES);
  });

  it('never overwrites an address changed since it was read (another tab), and reads labels that look alike as one', async () => {
    const dan = await signUp(app);
    const made = (await post(dan, warehouse)).json() as ShipToAddress;
    const put = (payload: object) => as(app, dan, { method: 'PUT', url: `/api/me/addresses/${made.id}`, payload });
    // Tab A saves a new address over what it read; tab B, which read the same, is refused.
    const tabA = await put({ ...warehouse, address: '14 Mill Road, Leeds', updatedAt: made.updatedAt });
    expect(tabA.statusCode, tabA.body).toBe(200);
    const tabB = await put({ ...warehouse, phone: '+44 113 496 9999', updatedAt: made.updatedAt });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().error.message).toMatch(/changed in another tab or on another device/);
    expect((await mine(dan))[0]).toMatchObject({ address: '14 Mill Road, Leeds', phone: warehouse.phone });
    // Made again on the address as it is now: saved. Without updatedAt, replaced whatever it is.
    expect((await put({ ...warehouse, phone: '+44 113 496 9999', updatedAt: tabA.json().updatedAt })).statusCode).toBe(200);
    expect((await put({ ...warehouse })).statusCode).toBe(200);
    expect((await put({ ...warehouse, updatedAt: 'yesterday' })).statusCode).toBe(400);
    // Spaces and accents typed another way make no second label.
    expect((await post(dan, { ...site, label: 'Main   warehouse' })).statusCode).toBe(409);
    const cafe = await post(dan, { ...site, label: 'Caf\u00e9 yard' });
    expect(cafe.statusCode).toBe(201);
    expect((await post(dan, { ...site, label: 'Cafe\u0301 yard' })).statusCode).toBe(409);
    // Another buyer's address with a version: still a 404.
    expect(
      (await as(app, bob, { method: 'PUT', url: `/api/me/addresses/${made.id}`, payload: { ...warehouse, updatedAt: made.updatedAt } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a visitor 401 on every route, and changes nothing', async () => {
    const before = await mine(alice);
    const id = before[0]!.id;
    for (const request of [
      { url: '/api/me/addresses' },
      { method: 'POST' as const, url: '/api/me/addresses', payload: site },
      { method: 'PUT' as const, url: `/api/me/addresses/${id}`, payload: site },
      { method: 'DELETE' as const, url: `/api/me/addresses/${id}` },
    ]) {
      const res = await as(app, null, request);
      expect(res.statusCode, `${request.method ?? 'GET'} ${request.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await mine(alice)).toEqual(before);
  });
});
