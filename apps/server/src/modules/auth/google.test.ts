import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authMessages } from '@toolsify/shared/auth';
import { cookieFrom, createTestApp, signUp } from '../../test/helpers.ts';
import { startOidcStandIn, type OidcStandIn } from './testing/oidc-stand-in.mjs';
import { appLink, latestMail } from './testing/outbox.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { clientId: 'toolsify-test', clientSecret: 'toolsify-test-secret' };

/** Cookies as a browser keeps them: name -> value, sent back on every request. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function setCookiesOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/**
 * A browser's walk through "Continue With Google": ask the app for the provider's URL,
 * sign in on the provider's page as `login`, and come back to the app's callback. Answers
 * the app's last response (a redirect) and the app's cookies.
 */
async function continueWithGoogle(app: FastifyInstance, provider: OidcStandIn, login: string, body: Record<string, unknown> = {}) {
  const appJar = new CookieJar();
  const idpJar = new CookieJar();
  const start = await app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', ...body } });
  expect(start.statusCode, start.body).toBe(200);
  appJar.take(setCookiesOf(start));
  let url: string = start.json().url;
  expect(url.startsWith(provider.issuer)).toBe(true);

  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(PUBLIC_URL)) {
      const back = await app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length), headers: { cookie: appJar.header() } });
      appJar.take(setCookiesOf(back));
      return { response: back, cookie: appJar.header() };
    }
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: idpJar.header() } });
    idpJar.take(res.headers.getSetCookie());
    if (res.status === 200) {
      // The provider's sign-in page: type the login and any password, press Sign-in.
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no sign-in form on the provider's page: ${html.slice(0, 200)}`);
      res = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: idpJar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
      });
      idpJar.take(res.headers.getSetCookie());
    }
    const location = res.headers.get('location');
    expect(location, `provider answered ${res.status}`).toBeTruthy();
    url = new URL(location!, url).toString();
  }
  throw new Error('too many redirects');
}

describe('Continue With Google (OpenID Connect against a local provider)', () => {
  let provider: OidcStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startOidcStandIn({ ...CLIENT, redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
    app = await createTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
      ADMIN_EMAILS: 'boss.person@example.com',
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it('says Google is enabled in /api/config', async () => {
    expect((await app.inject({ url: '/api/config' })).json().googleEnabled).toBe(true);
  });

  it('signs a new person up and in, with the name and verified email from the provider', async () => {
    const { response, cookie } = await continueWithGoogle(app, provider, 'jane.doe@example.com', {
      callbackURL: '/purchase/3',
      newUserCallbackURL: '/home',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home');
    const me = await app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'jane.doe@example.com', name: 'Jane Doe', role: null, emailVerified: true });
  });

  it('returns a known person to the page they came from', async () => {
    await continueWithGoogle(app, provider, 'again.person@example.com');
    const { response, cookie } = await continueWithGoogle(app, provider, 'again.person@example.com', {
      callbackURL: '/purchase/3',
      newUserCallbackURL: '/home',
    });
    expect(response.headers.location).toBe('/purchase/3');
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).json().email).toBe('again.person@example.com');
  });

  it('grants admin at sign-up through Google too (ADMIN_EMAILS)', async () => {
    const { cookie } = await continueWithGoogle(app, provider, 'boss.person@example.com');
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).json().role).toBe('admin');
  });

  it('joins Google to an existing account only when the local email is verified', async () => {
    const local = await signUp(app, { email: 'local.person@example.com', password: 'secret-pass-1' });
    const refused = await continueWithGoogle(app, provider, 'local.person@example.com', { errorCallbackURL: '/login' });
    expect(refused.response.statusCode).toBe(302);
    expect(refused.response.headers.location).toMatch(/^\/login\?error=account_not_linked/);

    // Verified through the link in the sign-up email, Google may join the account.
    const verify = await app.inject({ url: appLink(await latestMail(app, local.email), '/verify-email') });
    expect(verify.statusCode).toBe(302);
    const linked = await continueWithGoogle(app, provider, 'local.person@example.com');
    expect(linked.response.headers.location).toBe('/');
    expect((await app.inject({ url: '/api/me', headers: { cookie: linked.cookie } })).json().id).toBe(local.id);
  });

  it('refuses a callback whose state the app did not issue', async () => {
    const res = await app.inject({ url: '/api/auth/callback/google?code=forged&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/error=/);
    expect(cookieFrom(res)).not.toMatch(/session_token=/);
  });

  it('only returns to paths on this site', async () => {
    for (const callbackURL of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL } });
      expect(res.statusCode, callbackURL).toBe(400);
    }
    const other = await app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'github' } });
    expect(other.statusCode).toBe(400);
  });
});

describe('Google sign-in without configuration', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('says so in /api/config and in plain words when asked', async () => {
    expect((await app.inject({ url: '/api/config' })).json().googleEnabled).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(authMessages.googleNotConfigured);
  });
});
