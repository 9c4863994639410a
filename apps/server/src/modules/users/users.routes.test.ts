import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { insertTool } from '../tools/tools.repository.ts';
import { removeUser, revokeAdmin } from './users.service.ts';

const PASSWORD = 'correct horse battery';

describe('users (admin)', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;

  const me = (user: TestUser) => as(app, user, { url: '/api/me' });
  const remove = (actor: TestUser | null, id: string) => as(app, actor, { method: 'DELETE', url: `/api/users/${id}` });
  const promote = (actor: TestUser | null, id: string) => as(app, actor, { method: 'POST', url: `/api/users/${id}/admin` });
  const revoke = (actor: TestUser | null, id: string) => as(app, actor, { method: 'DELETE', url: `/api/users/${id}/admin` });
  const roleOf = async (id: string) => (await app.db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
  const stockOf = async (toolId: number) =>
    (await app.db.selectFrom('tool').select('available').where('id', '=', toolId).executeTakeFirstOrThrow()).available;
  const signIn = (email: string, password = PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
    customer = await signUp(app, { verified: true, name: 'Carl Customer' });
  });
  afterAll(() => app.close());

  it('refuses anonymous visitors (401) and customers (403), changing nothing', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'POST' as const, url: `/api/users/${customer.id}/admin` },
      { method: 'DELETE' as const, url: `/api/users/${admin.id}` },
      { method: 'DELETE' as const, url: `/api/users/${admin.id}/admin` },
    ];
    for (const call of calls) {
      expect((await as(app, null, call)).statusCode, call.url).toBe(401);
      const res = await as(app, customer, call);
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await me(customer)).json().role).toBeNull();
    expect((await me(admin)).statusCode).toBe(200);
    expect((await me(admin)).json().role).toBe('admin');
  });

  describe('All Users', () => {
    it('lists users newest first with their role and join date, page by page', async () => {
      const extra: TestUser[] = [];
      for (let i = 0; i < 3; i++) extra.push(await signUp(app, { verified: true }));
      const first = await as(app, admin, { url: '/api/users?limit=2' });
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.items).toHaveLength(2);
      expect(Object.keys(page1.items[0]).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'id', 'name', 'role']);
      expect(page1.items.map((u: { id: string }) => u.id)).toEqual([extra[2]!.id, extra[1]!.id]);
      expect(page1.nextCursor).toEqual(expect.any(String));

      const seen: { id: string; role: string; createdAt: string }[] = [...page1.items];
      let cursor: string | null = page1.nextCursor;
      while (cursor) {
        const page = (await as(app, admin, { url: `/api/users?limit=2&cursor=${cursor}` })).json();
        seen.push(...page.items);
        cursor = page.nextCursor;
      }
      const ids = seen.map((u) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining([admin.id, customer.id, ...extra.map((u) => u.id)]));
      expect(seen.find((u) => u.id === admin.id)?.role).toBe('admin');
      expect(seen.find((u) => u.id === customer.id)?.role).toBe('user');
      const times = seen.map((u) => u.createdAt);
      expect([...times].sort((x, y) => y.localeCompare(x))).toEqual(times);
    });

    it('keeps pages stable when users share a creation time', async () => {
      const same = '2020-01-01T00:00:00.000Z';
      const twins = [await signUp(app, { verified: true }), await signUp(app, { verified: true }), await signUp(app, { verified: true })];
      for (const t of twins) await app.db.updateTable('user').set({ createdAt: same }).where('id', '=', t.id).execute();
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: string }[]; nextCursor: string | null } = (
          await as(app, admin, { url: `/api/users?limit=1${cursor ? `&cursor=${cursor}` : ''}` })
        ).json();
        all.push(...page.items.map((u: { id: string }) => u.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(all).size).toBe(all.length);
      expect(all).toEqual(expect.arrayContaining(twins.map((t) => t.id)));
    });

    it.each(['not-base64!', 'bm90IGpzb24', Buffer.from('["x","y"]').toString('base64url'), 'a'.repeat(201)])(
      'refuses a bad cursor (%s)',
      async (cursor) => {
        const res = await as(app, admin, { url: `/api/users?cursor=${encodeURIComponent(cursor)}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      },
    );

    it('refuses unknown query parameters and silly limits', async () => {
      expect((await as(app, admin, { url: '/api/users?role=admin' })).statusCode).toBe(400);
      expect((await as(app, admin, { url: '/api/users?limit=0' })).statusCode).toBe(400);
      expect((await as(app, admin, { url: '/api/users?limit=101' })).statusCode).toBe(400);
    });
  });

  describe('Make Admin', () => {
    it('finds users by a part of their email or name, case aside; % and _ are themselves; a bad q is a 400', async () => {
      const stamp = Date.now().toString(36);
      const found = await signUp(app, { name: `Quinn Procure_${stamp}`, email: `q.buyer-${stamp}@acme-tools.example` });
      const search = async (q: string) =>
        (
          (await as(app, admin, { url: `/api/users?limit=100&q=${encodeURIComponent(q)}` })).json() as { items: Array<{ id: string }> }
        ).items.map((u) => u.id);
      expect(await search(`${stamp}@ACME-TOOLS.EXAMPLE`)).toEqual([found.id]);
      expect(await search(`procure_${stamp}`)).toEqual([found.id]);
      expect(await search(`procure%${stamp}`)).toEqual([]);
      const bad = await as(app, admin, { url: `/api/users?q=${encodeURIComponent('a\u0001b')}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('q');
    });

    it("never makes an account whose email is not verified an admin: anyone may sign up with a colleague's address", async () => {
      const unverified = await signUp(app);
      const listed = (await as(app, admin, { url: '/api/users?limit=100' })).json() as {
        items: Array<{ id: string; emailVerified: boolean }>;
      };
      expect(listed.items.find((u) => u.id === unverified.id)?.emailVerified).toBe(false);
      expect(listed.items.find((u) => u.id === admin.id)?.emailVerified).toBe(true);
      const res = await promote(admin, unverified.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        `${unverified.email} has not verified this email address yet: only a verified account can be made an admin.`,
      );
      expect(await roleOf(unverified.id)).toBeNull();
      expect((await me(unverified)).json().role).not.toBe('admin');
    });

    it('makes a user an admin, effective on their current session, and is idempotent', async () => {
      const user = await signUp(app, { verified: true, name: 'Soon Admin' });
      const res = await promote(admin, user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, role: 'admin', name: 'Soon Admin' });
      expect((await me(user)).json().role).toBe('admin');
      expect((await as(app, user, { url: '/api/users' })).statusCode).toBe(200);
      expect((await promote(admin, user.id)).statusCode).toBe(200);
    });

    it('answers 404 for unknown, malformed and removed users', async () => {
      const gone = await signUp(app, { verified: true });
      expect((await remove(admin, gone.id)).statusCode).toBe(204);
      for (const id of ['no-such-user', gone.id, 'a.b', '%2e%2e', 'x'.repeat(65)]) {
        const res = await promote(admin, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      const row = await app.db.selectFrom('user').select('role').where('id', '=', gone.id).executeTakeFirstOrThrow();
      expect(row.role).toBeNull();
    });
  });

  describe('Revoke admin', () => {
    it("takes another admin's role, effective on their current session; the account stays, and it is idempotent", async () => {
      const other = await signUpAdmin(app, { name: 'Former Admin' });
      expect((await as(app, other, { url: '/api/users' })).statusCode).toBe(200);
      const res = await revoke(admin, other.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: other.id, email: other.email, name: 'Former Admin', role: 'user' });
      expect(await roleOf(other.id)).toBeNull();
      // At once, on the session they already hold: a customer, who can still sign in and shop.
      expect((await me(other)).json()).toMatchObject({ id: other.id, role: null });
      expect((await as(app, other, { url: '/api/users' })).statusCode).toBe(403);
      expect((await revoke(other, admin.id)).statusCode).toBe(403);
      expect((await as(app, other, { url: '/api/orders/mine' })).statusCode).toBe(200);
      // All Users shows them as a user again; a second revoke changes nothing.
      const list = (await as(app, admin, { url: '/api/users?limit=100' })).json();
      expect(list.items.find((u: { id: string }) => u.id === other.id)?.role).toBe('user');
      const again = await revoke(admin, other.id);
      expect(again.statusCode).toBe(200);
      expect(again.json().role).toBe('user');
      // And Make Admin gives it back.
      expect((await promote(admin, other.id)).json().role).toBe('admin');
    });

    it('never revokes yourself (409, a clear message), and never the last admin', async () => {
      const res = await revoke(admin, admin.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'You cannot revoke your own admin role. Ask another admin.' });
      expect(await roleOf(admin.id)).toBe('admin');
    });

    it('answers 404 for unknown, malformed and removed users, changing nothing', async () => {
      const gone = await signUpAdmin(app);
      expect((await remove(admin, gone.id)).statusCode).toBe(204);
      for (const id of ['no-such-user', gone.id, 'a.b', '%2e%2e', 'x'.repeat(65)]) {
        const res = await revoke(admin, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect(await roleOf(gone.id)).toBe('admin');
    });

    it('two admins revoking each other at once leave exactly one admin (checked under the lock)', async () => {
      const pairs = await Promise.all(Array.from({ length: 6 }, async () => [await signUpAdmin(app), await signUpAdmin(app)] as const));
      const outcomes = await Promise.all(
        pairs.map(([a, b]) => Promise.allSettled([revokeAdmin(app, a.id, b.id), revokeAdmin(app, b.id, a.id)])),
      );
      for (const [[x, y], [a, b]] of outcomes.map((o, i) => [o, pairs[i]!] as const)) {
        expect([x.status, y.status].sort()).toEqual(['fulfilled', 'rejected']);
        const loser = (x.status === 'rejected' ? x : y) as PromiseRejectedResult;
        expect(loser.reason).toMatchObject({ code: 'FORBIDDEN' });
        expect([await roleOf(a.id), await roleOf(b.id)].filter((r) => r === 'admin')).toHaveLength(1);
      }
    });

    it('the last admin keeps the role, whoever asks', async () => {
      // Make `admin` the only admin left.
      await app.db.updateTable('user').set({ role: null }).where('role', '=', 'admin').where('id', '!=', admin.id).execute();
      const last = await revoke(admin, admin.id);
      expect(last.statusCode).toBe(409);
      expect(last.json().error).toEqual({ code: 'CONFLICT', message: 'The last admin cannot lose the admin role.' });
      // A stale session of a former admin is refused before anything else.
      expect((await revoke(customer, admin.id)).statusCode).toBe(403);
      await expect(revokeAdmin(app, customer.id, admin.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await roleOf(admin.id)).toBe('admin');
    });
  });

  describe('Remove User', () => {
    it('never removes yourself', async () => {
      const res = await remove(admin, admin.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'You cannot remove your own account.' });
      expect((await me(admin)).statusCode).toBe(200);
    });

    it('signs the user out at once, stops them signing in, keeps their orders and reviews, and frees the email', async () => {
      const user = await signUp(app, { verified: true, name: 'Rita Removed' });
      const secondSession = await signIn(user.email);
      expect(secondSession.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
      });

      const tool = await insertTool(app.db, {
        name: 'Kept Saw',
        sku: 'KEPT-SAW',
        description: 'd',
        img: '/images/tools/jigsaw.svg',
        priceCents: 700,
        available: 50,
        minimum: 1,
      });
      const placed = await as(app, user, {
        method: 'POST',
        url: '/api/orders',
        payload: { toolId: tool.id, quantity: 2, phone: '555 0100', address: '1 Road' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await stockOf(tool.id)).toBe(48);
      const review = await as(app, user, { method: 'POST', url: '/api/reviews', payload: { rating: 5, note: 'Before I left' } });
      expect(review.statusCode).toBe(201);
      // What only their next orders would use: a cart, a saved list, a ship-to address.
      const kept = [
        { method: 'PUT' as const, url: '/api/cart', payload: { lines: [{ toolId: tool.id, quantity: 1 }] } },
        { method: 'POST' as const, url: '/api/lists', payload: { name: 'Site kit', lines: [{ toolId: tool.id, quantity: 1 }] } },
        { method: 'POST' as const, url: '/api/me/addresses', payload: { label: 'Yard', phone: '555 0100', address: '2 Road' } },
      ];
      for (const request of kept) expect((await as(app, user, request)).statusCode, request.url).toBeLessThan(300);

      const res = await remove(admin, user.id);
      expect(res.statusCode).toBe(204);

      // Signed out at once, on every session.
      expect((await me(user)).statusCode).toBe(401);
      expect(
        (
          await as(
            app,
            { ...user, cookie: (secondSession.headers['set-cookie'] as string | string[]).toString().split(';')[0]! },
            { url: '/api/me' },
          )
        ).statusCode,
      ).toBe(401);
      // Cannot sign in, by the old address or the new one.
      expect((await signIn(user.email)).statusCode).not.toBe(200);
      expect((await signIn(`deleted+${user.id}@invalid`)).statusCode).not.toBe(200);

      const row = await app.db.selectFrom('user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.deletedAt).not.toBeNull();
      expect(row.email).toBe(`deleted+${user.id}@invalid`);
      expect(row.name).toBe('Rita Removed');
      expect(await app.db.selectFrom('session').select('id').where('userId', '=', user.id).execute()).toEqual([]);
      expect(await app.db.selectFrom('account').select('id').where('userId', '=', user.id).execute()).toEqual([]);
      for (const table of ['cart', 'saved_list', 'ship_to_address'] as const) {
        expect(await app.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute(), table).toEqual([]);
      }

      // Orders and reviews stay, with the buyer's email and name; an unpaid order, which nobody
      // can pay any more, is cancelled and its stock is back.
      const order = await app.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ buyer_email: user.email, buyer_name: 'Rita Removed', tool_name: 'Kept Saw', status: 'cancelled' });
      expect(await stockOf(tool.id)).toBe(50);
      // The cancel is in the audit log as the removing admin's, with why.
      const audited = await app.db
        .selectFrom('audit_event')
        .select(['actor_id', 'changes'])
        .where('action', '=', 'order.cancel')
        .where('target_id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      expect(audited.actor_id).toBe(admin.id);
      expect(JSON.parse(audited.changes)).toMatchObject({ after: { reason: "The buyer's account was removed" } });
      const reviews = (await app.inject({ url: '/api/reviews?limit=50' })).json();
      expect(reviews.some((r: { note: string; name: string }) => r.note === 'Before I left' && r.name === 'Rita Removed')).toBe(true);

      // Not listed any more; a second removal is a 404.
      const list = (await as(app, admin, { url: '/api/users?limit=100' })).json();
      expect(list.items.some((u: { id: string }) => u.id === user.id)).toBe(false);
      expect((await remove(admin, user.id)).statusCode).toBe(404);

      // The email is free: someone can sign up with it as a new account.
      const again = await signUp(app, { verified: true, email: user.email });
      expect(again.id).not.toBe(user.id);
      expect((await me(again)).json().email).toBe(user.email);
    });

    it('removes another admin, but admins removing each other at once leave one admin', async () => {
      const a = await signUpAdmin(app);
      const b = await signUpAdmin(app);
      const c = await signUpAdmin(app);
      expect((await remove(a, c.id)).statusCode).toBe(204);
      expect((await me(c)).statusCode).toBe(401);

      const [ab, ba] = await Promise.all([remove(a, b.id), remove(b, a.id)]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // One wins; the loser was removed (401) or finds itself no longer an admin (403).
      expect(statuses[0]).toBe(204);
      expect([401, 403]).toContain(statuses[1]);
      const alive = [await me(a), await me(b)].filter((r) => r.statusCode === 200);
      expect(alive).toHaveLength(1);
    });

    it('under a race, an admin removed a moment ago cannot remove anyone (checked inside the transaction)', async () => {
      const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await signUpAdmin(app), await signUpAdmin(app)] as const));
      const outcomes = await Promise.all(
        pairs.map(([a, b]) => Promise.allSettled([removeUser(app, a.id, b.id), removeUser(app, b.id, a.id)])),
      );
      for (const [[x, y], [a, b]] of outcomes.map((o, i) => [o, pairs[i]!] as const)) {
        expect([x.status, y.status].sort()).toEqual(['fulfilled', 'rejected']);
        const live = await app.db.selectFrom('user').select('id').where('id', 'in', [a.id, b.id]).where('deletedAt', 'is', null).execute();
        expect(live).toHaveLength(1);
      }
    });

    it('never removes the last admin', async () => {
      // Make `admin` the only admin left, then try every way to remove it.
      await app.db.updateTable('user').set({ role: null }).where('role', '=', 'admin').where('id', '!=', admin.id).execute();
      const self = await remove(admin, admin.id);
      expect(self.statusCode).toBe(403);
      // Even an actor who is no longer an admin (a stale session) is refused.
      expect((await remove(customer, admin.id)).statusCode).toBe(403);
      expect((await me(admin)).json().role).toBe('admin');
    });

    it('answers 404 for unknown or malformed ids', async () => {
      for (const id of ['nobody', 'a.b', 'x'.repeat(65)]) expect((await remove(admin, id)).statusCode, id).toBe(404);
    });
  });
});

describe('Revoke admin of an ADMIN_EMAILS address', () => {
  let app: FastifyInstance;
  afterAll(() => app?.close());

  it('is refused (409) while the address is listed, since the list would grant it again at the next sign-in', async () => {
    app = await createTestApp({ ADMIN_EMAILS: 'owner@example.com' });
    const owner = await signUpAdmin(app, { email: 'owner@example.com', name: 'Listed Owner' });
    const other = await signUpAdmin(app);
    const res = await as(app, other, { method: 'DELETE', url: `/api/users/${owner.id}/admin` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message:
        'owner@example.com is listed in ADMIN_EMAILS, which would make them an admin again at their next sign-in. Take the address off ADMIN_EMAILS first.',
    });
    expect((await as(app, owner, { url: '/api/me' })).json().role).toBe('admin');
    // Another admin, not listed, can still be revoked by the listed one.
    expect((await as(app, owner, { method: 'DELETE', url: `/api/users/${other.id}/admin` })).json().role).toBe('user');
  });
});
