import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authMessages } from '@toolsify/shared/auth';
import { messages } from '@toolsify/shared/messages';
import { as, cookieFrom, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { appLink, latestMail, outboxFor } from './testing/outbox.ts';

const ORIGIN = 'http://localhost:3000';
const origin = { origin: ORIGIN };

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: origin, payload: { email, password }, remoteAddress });
}

function me(app: FastifyInstance, cookie: string) {
  return app.inject({ url: '/api/me', headers: { cookie } });
}

describe('sign-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ ADMIN_EMAILS: 'owner@example.com, second.owner@example.com' });
  });
  afterAll(() => app.close());

  it('creates the account with its display name, signs it in with an HttpOnly cookie, and sends a verification email', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { email: ' New.Buyer@Example.com ', name: '  New Buyer ', password: 'secret123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/toolsify\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    // The session token lives in the cookie only, never in a body a script could read.
    expect(res.json()).not.toHaveProperty('token');
    expect(res.json().user).not.toHaveProperty('deletedAt');

    const who = await me(app, cookieFrom(res));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ email: 'new.buyer@example.com', name: 'New Buyer', role: null, emailVerified: false });

    const mails = await outboxFor(app, 'new.buyer@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain(messages.brand);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.body).toContain('Hello New Buyer');
    expect(mail.body).toContain(messages.brand);
  });

  it('verifies the email through the link, which lands on the dashboard', async () => {
    const user = await signUp(app);
    const link = appLink(await latestMail(app, user.email), '/api/auth/verify-email');
    const res = await app.inject({ url: link });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?verified=1');
    // Verifying signs nobody in: whoever opens a link (maybe someone else's) gets no session.
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('session_token');
    expect((await me(app, user.cookie)).json().emailVerified).toBe(true);

    const forged = await app.inject({ url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fdashboard%3Fverified%3D1' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/dashboard?verified=1&error=INVALID_TOKEN');
  });

  it('sends the verification email again on request, only for the signed-in address', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const resend = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { ...origin, cookie: user.cookie },
        payload: { email },
      });
    expect((await resend(user.email)).statusCode).toBe(200);
    const mails = await outboxFor(app, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);

    const mismatch = await resend(other.email);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('That is not the email of the account you are signed in with.');
    expect(await outboxFor(app, other.email)).toHaveLength(1);
  });

  it("answers each field's rule in the spec's words and creates nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '', email: 'a@b.co', password: 'secret1' }, 'name', messages.nameRequired],
      [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', messages.nameRequired],
      [{ name: 'A', email: '', password: 'secret1' }, 'email', messages.emailRequired],
      [{ name: 'A', email: 'not-an-email', password: 'secret1' }, 'email', messages.emailInvalid],
      [{ name: 'A', email: 'a@b.co', password: '' }, 'password', messages.passwordRequired],
      [{ name: 'A', email: 'a@b.co', password: '12345' }, 'password', messages.passwordTooShort],
      [{ name: 'A', email: 'a@b.co', password: 'Dragon' }, 'password', 'This password is too common. Choose another one.'],
      [{ name: 'A', email: 'a@b.co', password: 'iloveyou' }, 'password', 'This password is too common. Choose another one.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: origin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field]).toBe(message);
    }
    const count = await app.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'a@b.co')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses fields the form does not have (nobody signs up as an admin)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { name: 'Mallory', email: 'mallory@example.com', password: 'secret123', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(await app.db.selectFrom('user').select('id').where('email', '=', 'mallory@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('says plainly when the email is already in use (whatever its case)', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { name: 'Copy', email: user.email.toUpperCase(), password: 'secret123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(authMessages.emailInUse);
  });

  it('makes an ADMIN_EMAILS address an admin only once it is verified, never before', async () => {
    const owner = await signUp(app, { email: 'Owner@Example.com', password: 'owner-password-1' });
    // Whoever signs up first with a listed address gets nothing yet, not even by signing in again.
    expect((await me(app, owner.cookie)).json().role).toBeNull();
    const again = await signIn(app, owner.email, 'owner-password-1');
    expect((await me(app, cookieFrom(again))).json().role).toBeNull();
    // Proving the address makes the admin.
    expect(
      (await app.inject({ url: appLink(await latestMail(app, owner.email.toLowerCase()), '/api/auth/verify-email') })).statusCode,
    ).toBe(302);
    expect((await me(app, owner.cookie)).json().role).toBe('admin');
  });

  it('never grants ADMIN_EMAILS again to the address of a removed account', async () => {
    const verify = async (email: string) =>
      expect((await app.inject({ url: appLink(await latestMail(app, email.toLowerCase()), '/api/auth/verify-email') })).statusCode).toBe(
        302,
      );
    const other = await signUpAdmin(app);
    const first = await signUp(app, { email: 'second.owner@example.com', password: 'owner-password-2' });
    await verify(first.email);
    expect((await me(app, first.cookie)).json().role).toBe('admin');
    expect((await as(app, other, { method: 'DELETE', url: `/api/users/${first.id}`, headers: origin })).statusCode).toBe(204);

    // Someone else signs up with the freed address and proves it: still no admin, now or later.
    const newcomer = await signUp(app, { email: 'Second.Owner@example.com', password: 'newcomer-password-3' });
    await verify(newcomer.email);
    expect((await me(app, newcomer.cookie)).json().role).toBeNull();
    expect((await me(app, cookieFrom(await signIn(app, newcomer.email, 'newcomer-password-3')))).json().role).toBeNull();
  });
});

describe('login and sign-out', () => {
  let app: FastifyInstance;
  let user: TestUser;
  const password = 'correct horse battery';
  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app, { password });
  });
  afterAll(() => app.close());

  it('logs in with the right password, whatever the email case and spaces', async () => {
    const res = await signIn(app, `  ${user.email.toUpperCase()} `, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect((await me(app, cookieFrom(res))).json().email).toBe(user.email);
  });

  it('gives the same plain answer for a wrong password and an unknown email', async () => {
    const wrong = await signIn(app, user.email, 'not the password');
    const unknown = await signIn(app, 'nobody@example.com', 'whatever1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(authMessages.wrongCredentials);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates the login body with the shared schema', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: origin,
      payload: { email: 'x', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: messages.emailInvalid, password: messages.passwordRequired });
  });

  it('ends the session on the server at sign-out', async () => {
    const cookie = cookieFrom(await signIn(app, user.email, password));
    expect((await me(app, cookie)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...origin, cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    // The old cookie is worthless even if the browser kept it.
    expect((await me(app, cookie)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull();
  });

  it('answers 404 for better-auth endpoints the store does not use', async () => {
    const cookie = cookieFrom(await signIn(app, user.email, password));
    for (const url of [
      '/api/auth/update-user',
      '/api/auth/change-email',
      '/api/auth/delete-user',
      '/api/auth/list-sessions',
      '/api/auth/change-password',
    ]) {
      const res = await app.inject({ method: 'POST', url, headers: { ...origin, cookie }, payload: { name: 'x' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('shows no session token to scripts in get-session', async () => {
    const cookie = cookieFrom(await signIn(app, user.email, password));
    const session = (await app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json();
    expect(session.user.email).toBe(user.email);
    expect(session.session).not.toHaveProperty('token');
  });
});

describe('password reset', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const requestReset = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: origin, payload: { email } });

  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const user = await signUp(app);
    const known = await requestReset(user.email);
    const unknown = await requestReset('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await outboxFor(app, 'ghost@example.com')).toHaveLength(0);

    const mail = await latestMail(app, user.email);
    expect(mail?.subject).toContain(messages.brand);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('answers before it looks the account up or mails, so the timing tells nothing', async () => {
    const user = await signUp(app);
    const held: Array<() => Promise<void>> = [];
    const later = app.mailer.later;
    app.mailer.later = (_what, work) => void held.push(work);
    try {
      for (const email of [user.email, 'nobody-here@example.com']) {
        const res = await requestReset(email);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ status: true });
      }
      // Both answered while the work of both was still waiting: nothing issued, nothing mailed.
      expect(held).toHaveLength(2);
      expect(await outboxFor(app, user.email)).toHaveLength(1); // the verification email only
      for (const work of held) await work();
      expect((await latestMail(app, user.email))?.links.some((l) => l.includes('/api/auth/reset-password/'))).toBe(true);
    } finally {
      app.mailer.later = later;
    }
  });

  it('refuses a new password among the 10,000 most common, after the length rule', async () => {
    const user = await signUp(app, { password: 'old-password-1' });
    await requestReset(user.email);
    const opened = await app.inject({ url: appLink(await latestMail(app, user.email), '/api/auth/reset-password/') });
    const token = new URL(String(opened.headers.location), ORIGIN).searchParams.get('token')!;
    const reset = (newPassword: string) =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: origin, payload: { token, newPassword } });
    expect((await reset('12345')).json().error.fields.newPassword).toBe(messages.passwordTooShort);
    for (const common of ['password', 'QWERTY123', 'letmein']) {
      const res = await reset(common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json().error.fields.newPassword).toBe('This password is too common. Choose another one.');
    }
    // The link still works for a good password.
    expect((await reset('tool-crib-ledger-7')).statusCode).toBe(200);
  });

  it('keeps only the newest reset link working, and a reset ends them all', async () => {
    const user = await signUp(app);
    // The token of the reset mail not seen yet (two mails may share a millisecond, so not "the latest").
    const seen = new Set<string>();
    const tokenOf = async () => {
      const links = (await outboxFor(app, user.email)).flatMap((mail) => mail.links.filter((l) => l.includes('/api/auth/reset-password/')));
      const link = links.find((l) => !seen.has(l))!;
      seen.add(link);
      const opened = await app.inject({ url: new URL(link).pathname + new URL(link).search });
      return new URL(String(opened.headers.location), ORIGIN).searchParams.get('token')!;
    };
    const reset = (token: string, newPassword: string) =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: origin, payload: { token, newPassword } });
    await requestReset(user.email);
    const first = await tokenOf();
    await requestReset(user.email);
    const second = await tokenOf();
    expect(second).not.toBe(first);
    const stale = await reset(first, 'first-link-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(authMessages.resetLinkInvalid);

    // A link issued meanwhile elsewhere (another server, at the same moment) dies with the reset.
    const now = new Date().toISOString();
    await app.db
      .insertInto('verification')
      .values({
        id: `extra-${user.id}`,
        identifier: 'reset-password:extra-token',
        value: user.id,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await reset(second, 'second-link-password')).statusCode).toBe(200);
    const left = await app.db
      .selectFrom('verification')
      .select('identifier')
      .where('value', '=', user.id)
      .where('identifier', 'like', 'reset-password:%')
      .execute();
    expect(left).toEqual([]);
    expect((await reset('extra-token', 'extra-link-password')).statusCode).toBe(400);
  });

  it("asks for the email in the spec's words", async () => {
    const res = await requestReset('');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe(messages.resetNeedsEmail);
  });

  it('opens the new-password page from the link, sets the password with the same rules, and ends every session', async () => {
    const oldPassword = 'old-password-1';
    const user = await signUp(app, { password: oldPassword });
    const otherDevice = cookieFrom(await signIn(app, user.email, oldPassword));
    expect((await me(app, otherDevice)).statusCode).toBe(200);

    await requestReset(user.email);
    const link = appLink(await latestMail(app, user.email), '/api/auth/reset-password/');
    const opened = await app.inject({ url: link });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), ORIGIN);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = (newPassword: string) =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: origin, payload: { token, newPassword } });
    const tooShort = await reset('12345');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.fields.newPassword).toBe(messages.passwordTooShort);

    expect((await reset('new-password-1')).statusCode).toBe(200);
    expect((await me(app, user.cookie)).statusCode).toBe(401);
    expect((await me(app, otherDevice)).statusCode).toBe(401);
    expect((await signIn(app, user.email, oldPassword)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'new-password-1')).statusCode).toBe(200);

    const again = await reset('another-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.resetLinkInvalid);
  });

  it('sends a stale or forged link to the page with an error', async () => {
    const res = await app.inject({ url: '/api/auth/reset-password/forged-token?callbackURL=%2Freset-password' });
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location), ORIGIN);
    expect(landing.origin + landing.pathname + landing.search).toBe(`${ORIGIN}/reset-password?error=INVALID_TOKEN`);
  });

  it('never lets an emailed link send the browser to another site', async () => {
    const reset = await app.inject({ url: '/api/auth/reset-password/some-token?callbackURL=https%3A%2F%2Fevil.example%2F' });
    expect(reset.statusCode).toBe(403);
    expect(reset.headers.location).toBeUndefined();
    const verify = await app.inject({ url: '/api/auth/verify-email?token=x&callbackURL=https%3A%2F%2Fevil.example%2F' });
    expect(verify.statusCode).toBe(403);
    expect(verify.headers.location).toBeUndefined();
  });

  it('always sends reset links to this store, whatever the request says', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: user.email, redirectTo: 'https://evil.example/steal' },
    });
    expect(res.statusCode).toBe(400);
    // Nor through the query string.
    const viaQuery = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset?redirectTo=https%3A%2F%2Fevil.example%2Fsteal',
      headers: origin,
      payload: { email: user.email },
    });
    expect(viaQuery.statusCode).toBe(200);
    const mail = await latestMail(app, user.email);
    expect(mail?.links.every((l) => l.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(mail?.body).not.toContain('evil.example');
  });
});

describe('origin checks', () => {
  let app: FastifyInstance;
  let user: TestUser;
  const password = 'correct horse battery';
  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app, { password });
  });
  afterAll(() => app.close());

  it('refuses sign-in, sign-up and reset from another site', async () => {
    const calls = [
      { url: '/api/auth/sign-in/email', payload: { email: user.email, password } },
      { url: '/api/auth/sign-up/email', payload: { name: 'X', email: 'csrf@example.com', password: 'secret123' } },
      { url: '/api/auth/request-password-reset', payload: { email: user.email } },
    ];
    for (const call of calls) {
      const foreign = await app.inject({ method: 'POST', ...call, headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode, call.url).toBe(403);
      expect(foreign.json().error.code).toBe('FORBIDDEN');
      expect(foreign.headers['set-cookie']).toBeUndefined();
      // A browser that leaves Origin out still says where the request came from.
      const crossSite = await app.inject({ method: 'POST', ...call, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode, call.url).toBe(403);
    }
    expect(await app.db.selectFrom('user').select('id').where('email', '=', 'csrf@example.com').executeTakeFirst()).toBeUndefined();
    expect(await outboxFor(app, user.email)).toHaveLength(1); // the sign-up's verification only
  });

  it('does not let another site sign a user out, and needs an Origin with the cookie', async () => {
    const cookie = cookieFrom(await signIn(app, user.email, password));
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().error.message).toBe('This request came from another site and was refused.');
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it('accepts the same requests from the store itself', async () => {
    expect((await signIn(app, user.email, password)).statusCode).toBe(200);
    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      payload: { email: user.email, password },
    });
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('cookies over HTTPS', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' });
  });
  afterAll(() => app.close());

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://shop.example.com' },
      payload: { name: 'Secure Buyer', email: 'secure@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/__Secure-toolsify\.session_token=/);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect((await me(app, cookieFrom(res))).statusCode).toBe(200);
  });
});

describe('requireUser and requireAdmin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    app.get('/api/test/user-only', { preHandler: app.requireUser }, async (request) => ({ id: request.user!.id }));
    app.get('/api/test/admin-only', { preHandler: app.requireAdmin }, async (request) => ({ role: request.user!.role }));
  });
  afterAll(() => app.close());

  it('answers 401 to a visitor, 403 to a customer on admin routes, and lets the right people in', async () => {
    const customer = await signUp(app);
    const admin = await signUp(app);
    await app.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.id).execute();

    expect((await as(app, null, { url: '/api/test/user-only' })).statusCode).toBe(401);
    expect((await as(app, null, { url: '/api/test/admin-only' })).statusCode).toBe(401);
    expect((await as(app, customer, { url: '/api/test/user-only' })).json()).toEqual({ id: customer.id });
    const forbidden = await as(app, customer, { url: '/api/test/admin-only' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await as(app, admin, { url: '/api/test/admin-only' })).json()).toEqual({ role: 'admin' });
    expect(
      (await as(app, null, { url: '/api/test/user-only', headers: { cookie: 'toolsify.session_token=forged.value' } })).statusCode,
    ).toBe(401);
  });

  it('shuts a removed user out at once, session or not', async () => {
    const user = await signUp(app);
    await app.db.updateTable('user').set({ deletedAt: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await as(app, user, { url: '/api/test/user-only' })).statusCode).toBe(401);
    expect((await me(app, user.cookie)).statusCode).toBe(401);
  });

  it('answers GET /api/me with id, email, name and role', async () => {
    const user = await signUp(app, { name: 'Role Reader' });
    const body = (await me(app, user.cookie)).json();
    expect(body).toEqual({ id: user.id, email: user.email, name: 'Role Reader', role: null, image: null, emailVerified: false });
    expect((await app.inject({ url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('what leaves the server', () => {
  it('sends no column of the user or session tables the web app does not use, even one added later', async () => {
    const app = await createTestApp();
    try {
      await sql`alter table "user" add column "secretNote" text default 'TOP-SECRET-USER'`.execute(app.db);
      await sql`alter table "session" add column "secretNote" text default 'TOP-SECRET-SESSION'`.execute(app.db);
      const user = await signUp(app, { password: 'column-test-pass-1' });
      const answers = [
        await app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: origin,
          payload: { name: 'Leak Check', email: 'leak.check@example.com', password: 'column-test-pass-2' },
        }),
        await signIn(app, user.email, 'column-test-pass-1'),
        await app.inject({ url: '/api/auth/get-session', headers: { cookie: user.cookie } }),
        await me(app, user.cookie),
        await app.inject({ url: '/api/session', headers: { cookie: user.cookie } }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain('TOP-SECRET');
        expect(res.body).not.toContain('secretNote');
        expect(res.body).not.toMatch(/"token"/);
        expect(res.body).not.toContain('deletedAt');
        expect(res.body).not.toContain('ipAddress');
      }
      const session = answers[2]!.json();
      expect(Object.keys(session.user).sort()).toEqual(['email', 'emailVerified', 'id', 'image', 'name', 'role']);
      expect(Object.keys(session.session)).toEqual(['expiresAt']);
    } finally {
      await app.close();
    }
  });
});
