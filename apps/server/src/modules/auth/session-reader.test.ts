import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';

describe('session reader (the fast path behind requireUser)', () => {
  let app: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app);
  });
  afterAll(() => app.close());

  const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

  it('knows a valid session cookie', async () => {
    const res = await as(app, user, { url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, name: user.name, role: null });
  });

  it('refuses a cookie whose signature does not match, or that is not signed at all', async () => {
    const [name, value] = user.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`${name}=${token}`)).statusCode).toBe(401);
    expect((await me(`${name}=`)).statusCode).toBe(401);
    expect((await me('unrelated=1')).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const other = await signUp(app);
    await app.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', tokenOf(other.cookie))
      .execute();
    expect((await me(other.cookie)).statusCode).toBe(401);
  });

  it('lets better-auth refresh a session that is due, extending it and its cookie', async () => {
    const other = await signUp(app);
    const token = tokenOf(other.cookie);
    // Signed in 6.5 days ago: better-auth refreshes after a day (updateAge) and the session
    // would expire in half a day.
    const soon = new Date(Date.now() + 12 * 3600_000);
    await app.db.updateTable('session').set({ expiresAt: soon.toISOString() }).where('token', '=', token).execute();
    const res = await me(other.cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'] ?? '')).toMatch(/session_token=/);
    const row = await app.db.selectFrom('session').select('expiresAt').where('token', '=', token).executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('refuses a removed user at once, even with a live session row', async () => {
    const other = await signUp(app);
    await app.db.updateTable('user').set({ deletedAt: new Date().toISOString() }).where('id', '=', other.id).execute();
    expect((await me(other.cookie)).statusCode).toBe(401);
  });

  it('reads the sessions of requests arriving together in one query, each request answered with its own', async () => {
    const [a, b, removed, signedOut] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    await app.db.updateTable('user').set({ deletedAt: new Date().toISOString() }).where('id', '=', removed.id).execute();
    await app.db.deleteFrom('session').where('token', '=', tokenOf(signedOut.cookie)).execute();
    const executed = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      const answers = await Promise.all([a, b, removed, signedOut, a].map((u) => me(u.cookie)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 401, 200]);
      expect(answers.filter((res) => res.statusCode === 200).map((res) => res.json().id)).toEqual([a.id, b.id, a.id]);
      const reads = executed.mock.calls.filter(([query]) => query.sql.includes('sessions_by_tokens'));
      expect(reads).toHaveLength(1);
      expect(JSON.parse(String(reads[0]![0].parameters[0]))).toHaveLength(5);
    } finally {
      executed.mockRestore();
    }
    // Nothing is kept between turns: the next request reads the row as it is now.
    await app.db.updateTable('user').set({ name: 'Renamed Buyer' }).where('id', '=', a.id).execute();
    expect((await me(a.cookie)).json()).toMatchObject({ id: a.id, name: 'Renamed Buyer' });
  });
});
