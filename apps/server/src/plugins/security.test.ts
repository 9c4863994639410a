import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, cookieFrom, createTestApp, signUp, signUpAdmin, type TestUser } from '../test/helpers.ts';
import { computeSecurityHeaders, dataSecurityHeaders, securityHeaderOptions } from './security.ts';

const EVIL = 'https://evil.example';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipartImage() {
  const boundary = '----toolsify-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// The attack: a page on another origin sent `fetch('/%61pi/users/ID/admin', { method: 'POST',
// mode: 'no-cors', credentials: 'include' })`. The router decoded the path to /api/users/ID/admin
// while the Origin check, reading the raw URL, saw no /api and let it through.
describe('the cross-site check cannot be walked around', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    customer = await signUp(app, { verified: true });
  });
  afterAll(() => app.close());

  const roleOf = async (id: string) => (await app.db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

  it('refuses percent-encoded spellings of /api outright, whatever the method and origin', async () => {
    for (const url of [`/%61pi/users/${customer.id}/admin`, `/%61%70%69/users/${customer.id}/admin`, `/ap%69/users/${customer.id}/admin`]) {
      const res = await as(app, admin, { method: 'POST', url, headers: { origin: EVIL } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('BAD_REQUEST');
    }
    // Even from our own origin and for reads: the plain spelling is the only one served.
    expect((await as(app, admin, { method: 'POST', url: `/%61pi/users/${customer.id}/admin` })).statusCode).toBe(400);
    expect((await app.inject({ url: '/%61pi/tools' })).statusCode).toBe(400);
    expect(await roleOf(customer.id)).not.toBe('admin');
  });

  it('checks the Origin on every state-changing request, whatever its path', async () => {
    for (const url of ['/not-an-api-path', '/', '/uploads/x.png', `/api/users/${customer.id}/admin`]) {
      const res = await as(app, admin, { method: 'POST', url, headers: { origin: EVIL } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message, url).toBe('This request came from another site and was refused.');
      const noOrigin = await as(app, admin, { method: 'POST', url, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(noOrigin.statusCode, url).toBe(403);
    }
    expect(await roleOf(customer.id)).not.toBe('admin');
  });

  it('refuses a cross-site upload, however its path is spelled', async () => {
    for (const url of ['/api/uploads', '/%61pi/uploads']) {
      const { payload, headers } = multipartImage();
      const res = await as(app, admin, { method: 'POST', url, payload, headers: { ...headers, origin: EVIL } });
      expect([400, 403], url).toContain(res.statusCode);
    }
  });

  it('still serves the same request from our own origin', async () => {
    const res = await as(app, admin, {
      method: 'POST',
      url: `/api/users/${customer.id}/admin`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(customer.id)).toBe('admin');
  });

  it('trusts the Vite dev server only under npm run dev', async () => {
    const testApp = await createTestApp();
    try {
      const res = await testApp.inject({ method: 'POST', url: '/api/contact', headers: { origin: 'http://localhost:5173' }, payload: {} });
      expect(res.statusCode).toBe(403);
    } finally {
      await testApp.close();
    }
  });

  // `PORT=8080 npm start` with no PUBLIC_URL: the store is opened at localhost:8080 or
  // 127.0.0.1:8080, and its forms were refused as another site's (the default named
  // localhost:3000 alone).
  it('takes forms from the port it runs on, under any loopback name, when PUBLIC_URL is not set', async () => {
    const testApp = await createTestApp({ PORT: '8080' });
    try {
      const post = (origin: string) => testApp.inject({ method: 'POST', url: '/api/contact', headers: { origin }, payload: {} });
      for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
        const own = await post(origin);
        expect(own.statusCode, origin).toBe(400);
        expect(own.json().error.code, origin).toBe('VALIDATION_FAILED');
      }
      for (const origin of ['http://localhost:3000', 'http://192.168.1.20:8080', EVIL])
        expect((await post(origin)).statusCode, origin).toBe(403);
      // Past the Origin check, better-auth's own: a buyer signs up and in at 127.0.0.1.
      const headers = { origin: 'http://127.0.0.1:8080' };
      const account = { email: 'loopback@example.com', password: 'correct horse battery' };
      const created = await testApp.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { ...account, name: 'Loop' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const cookie = cookieFrom(created);
      const signedIn = await testApp.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...headers, cookie },
        payload: account,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('tells the operator, once an address, when forms come from an address other than PUBLIC_URL', async () => {
    const lines: string[] = [];
    const testApp = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const post = (origin: string, host: string) =>
        testApp.inject({ method: 'POST', url: '/api/contact', headers: { origin, host }, payload: {} });
      // Opened at a LAN address: the browser sends the address it shows as Origin and Host.
      for (let i = 0; i < 3; i += 1) expect((await post('http://192.168.1.20:3000', '192.168.1.20:3000')).statusCode).toBe(403);
      // Another site's form (Origin is not where it was sent) is no configuration problem.
      expect((await post(EVIL, 'localhost:3000')).statusCode).toBe(403);
      const hints = lines.map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string }).filter((l) => l.level === 40);
      expect(hints.map((l) => l.origin)).toEqual(['http://192.168.1.20:3000']);
      expect(hints[0]!.msg).toBe(
        'forms from http://192.168.1.20:3000 are refused: the store takes them from PUBLIC_URL only. If buyers open the store at http://192.168.1.20:3000, set PUBLIC_URL to it',
      );
      // Said for a few addresses at most, whatever a client puts in its headers.
      for (let i = 0; i < 20; i += 1) await post(`http://10.0.0.${i}:3000`, `10.0.0.${i}:3000`);
      expect(lines.filter((line) => line.includes('are refused: the store takes them from PUBLIC_URL')).length).toBe(8);
    } finally {
      await testApp.close();
    }
  });

  it('takes forms from PUBLIC_URL alone once it is set, not from loopback names', async () => {
    const testApp = await createTestApp({ PORT: '8080', PUBLIC_URL: 'https://shop.example.com' });
    try {
      const post = (origin: string) => testApp.inject({ method: 'POST', url: '/api/contact', headers: { origin }, payload: {} });
      expect((await post('https://shop.example.com')).statusCode).toBe(400);
      for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080']) expect((await post(origin)).statusCode, origin).toBe(403);
    } finally {
      await testApp.close();
    }
  });
});

describe('Cache-Control of the API', () => {
  let app: FastifyInstance;
  let customer: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    // A session-dependent route that (by mistake) asks to be cached, and a public one that
    // chooses its own caching.
    app.get('/api/test/mine-cached', async (request, reply) =>
      reply.header('cache-control', 'public, max-age=600').send({ cookie: request.headers.cookie ?? null }),
    );
    app.get('/api/test/public-cached', { config: { publicAnswer: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ same: 'for everyone' }),
    );
    customer = await signUp(app);
  });
  afterAll(() => app.close());

  it('is no-store on an answer that may depend on the session, whatever the route set itself', async () => {
    for (const user of [null, customer]) {
      const res = await as(app, user, { url: '/api/test/mine-cached' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Errors too: an unknown /api path and a refused request.
    expect((await as(app, customer, { url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/me' })).headers['cache-control']).toBe('no-store');
  });

  it('leaves a public answer its own caching, or no-cache (revalidated by ETag)', async () => {
    expect((await app.inject({ url: '/api/test/public-cached' })).headers['cache-control']).toBe('public, max-age=60');
    const catalog = await as(app, customer, { url: '/api/tools' });
    expect(catalog.headers['cache-control']).toBe('no-cache');
    expect(catalog.headers.etag).toBeDefined();
  });
});

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('are helmet headers with the Content-Security-Policy the app runs under, computed once', () => {
    const headers = new Map(computeSecurityHeaders(securityHeaderOptions(app.config)));
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self' https:;frame-ancestors 'none';" +
        "img-src 'self' data: https:;object-src 'none';script-src 'self' https://js.stripe.com https://*.js.stripe.com;" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' https://api.stripe.com;" +
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
    // Over plain http there is no HSTS and no upgrade of requests.
    expect(headers.has('strict-transport-security')).toBe(false);
  });

  it('add HSTS and upgrade-insecure-requests when the store is served over https', () => {
    const https = new Map(computeSecurityHeaders(securityHeaderOptions({ ...app.config, PUBLIC_URL: 'https://shop.example.com' })));
    expect(https.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(https.get('content-security-policy')).toContain(';upgrade-insecure-requests');
  });

  it('are on every answer: the data set on JSON (a read, a prepared catalog page, an error, a refusal, an unknown path), the page set on the rest', async () => {
    const page = computeSecurityHeaders(securityHeaderOptions(app.config));
    const data = dataSecurityHeaders(page);
    const answers = [
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/tools?limit=6' }),
      await app.inject({ url: '/api/tools?limit=0' }),
      await app.inject({ method: 'POST', url: '/api/contact', headers: { origin: EVIL }, payload: {} }),
      await app.inject({ url: '/api/no-such-thing' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 400, 403, 404]);
    const pageOnly = page.map(([name]) => name).filter((name) => !data.some(([dataName]) => dataName === name));
    expect(pageOnly.length).toBeGreaterThan(4);
    for (const res of answers) {
      for (const [name, value] of data) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      for (const name of pageOnly) expect(res.headers[name], `${res.statusCode} ${name}`).toBeUndefined();
    }
    // What is not JSON under /api (Swagger UI) is a page, and every answer off /api too.
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    for (const [url, res] of [['/api/docs/', docs] as const, ['/no-such-page', await app.inject({ url: '/no-such-page' })] as const]) {
      for (const [name, value] of page) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('on JSON let nothing load or frame it, and keep HSTS over https', () => {
    const data = new Map(dataSecurityHeaders(computeSecurityHeaders(securityHeaderOptions(app.config))));
    expect(data.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect([data.get('x-content-type-options'), data.get('x-frame-options'), data.get('cross-origin-resource-policy')]).toEqual([
      'nosniff',
      'DENY',
      'same-origin',
    ]);
    expect(data.has('strict-transport-security')).toBe(false);
    const https = computeSecurityHeaders(securityHeaderOptions({ ...app.config, PUBLIC_URL: 'https://shop.example.com' }));
    expect(new Map(dataSecurityHeaders(https)).get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
