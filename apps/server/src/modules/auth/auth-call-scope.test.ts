import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieFrom, createTestApp, signUp } from '../../test/helpers.ts';
import { betterAuthStorages, scopeOf } from './auth-call-scope.ts';

describe('the scope of calls into better-auth', () => {
  it('turns the storages off at once, and again only when the last call in flight has settled, thrown or not', async () => {
    const disable = vi.fn<() => void>();
    const scope = scopeOf([{ disable }, { disable }]);
    expect(disable).toHaveBeenCalledTimes(2);
    disable.mockClear();

    let endFirst: (value: string) => void = () => undefined;
    let failSecond: (error: Error) => void = () => undefined;
    const first = scope(() => new Promise<string>((resolve) => (endFirst = resolve)));
    const second = scope(() => new Promise<string>((_, reject) => (failSecond = reject)));
    endFirst('signed in');
    await expect(first).resolves.toBe('signed in');
    expect(disable, 'a call still runs: its context stays').not.toHaveBeenCalled();
    failSecond(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    expect(disable).toHaveBeenCalledTimes(2);
  });

  describe("in the app: better-auth's storages are off between its calls", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(() => app.close());

    // Node 20's AsyncLocalStorage: `enabled` is what puts it among the storages its async hook
    // serves; the hook is off when none is enabled.
    const enabled = async () => (await betterAuthStorages()).map((storage) => (storage as unknown as { enabled: boolean }).enabled);

    it('after a sign-up, a sign-in, a session better-auth refreshes and a sign-out, each of which works', async () => {
      const user = await signUp(app, { password: 'correct horse battery' });
      expect(await enabled()).toEqual([false, false, false]);

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: 'correct horse battery' },
      });
      expect(signIn.statusCode).toBe(200);
      expect(await enabled()).toEqual([false, false, false]);
      const cookie = cookieFrom(signIn);

      // Due for better-auth's sliding refresh: the session reader hands it to auth.api.getSession.
      const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
      const soon = new Date(Date.now() + 12 * 3600_000).toISOString();
      await app.db.updateTable('session').set({ expiresAt: soon }).where('token', '=', token).execute();
      const me = await app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id });
      expect(String(me.headers['set-cookie'] ?? '')).toMatch(/session_token=/);
      expect(await enabled()).toEqual([false, false, false]);

      const signOut = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);
      expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
      expect(await enabled()).toEqual([false, false, false]);
    });

    it('while calls overlap, each still finds its own context', async () => {
      const users = await Promise.all(Array.from({ length: 8 }, () => signUp(app, { password: 'correct horse battery' })));
      const answers = await Promise.all(
        users.map((user) =>
          app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'correct horse battery' } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(users.map(() => 200));
      expect(answers.map((a) => (a.json() as { user: { id: string } }).user.id)).toEqual(users.map((u) => u.id));
      expect(await enabled()).toEqual([false, false, false]);
    });
  });
});
