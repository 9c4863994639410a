import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool } from '../orders/orders.test-helpers.ts';
import { differences, rawGet } from '../../test/raw-http.ts';

type Page = { items: Array<{ id: number; name: string; description: string; available: number; priceCents: number }> };

/**
 * The catalog's first pages (the home page's newest tools) are sent as prepared bytes: the same
 * bytes, ETag and compressed forms on every request until the catalog or a stock changes, and
 * new ones at once after any change.
 */
describe('GET /api/tools, first pages as prepared answers', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let buyer: TestUser;
  const newest = (headers: Record<string, string> = {}) => app.inject({ url: '/api/tools?limit=6', headers });
  const page = (res: LightMyRequestResponse): Page => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    buyer = await signUp(app);
    for (let n = 0; n < 7; n++) await makeTool(app, { available: 50 });
  });
  afterAll(() => app.close());

  it('answers the same bytes and ETag each time, and 304 to a client that holds them', async () => {
    const first = await newest();
    const second = await newest();
    expect(page(first).items).toHaveLength(6);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const cached = await newest({ 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('sends its gzip and brotli forms to clients that accept them, each with its own ETag', async () => {
    const plain = await newest();
    const gzip = await newest({ 'accept-encoding': 'gzip, deflate' });
    const br = await newest({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const etags = new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]);
    expect(etags.size).toBe(3);
    expect((await newest({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    // A client that refuses brotli gets gzip; one that accepts nothing gets the plain bytes.
    expect((await newest({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await newest({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    // A first page under 1 KB goes uncompressed, as every small answer does.
    const small = await app.inject({ url: '/api/tools?limit=1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().items).toHaveLength(1);
  });

  it('shows the new stock as soon as an order takes it, and again when it is cancelled', async () => {
    const before = await newest();
    const tool = page(before).items[0]!;
    const ordered = await as(app, buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: { toolId: tool.id, quantity: 3, phone: '+1 555 0100', address: '1 Test Street' },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const after = await newest({ 'if-none-match': String(before.headers.etag) });
    expect(page(after).items[0]).toMatchObject({ id: tool.id, available: tool.available - 3 });
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const cancelled = await as(app, buyer, { method: 'DELETE', url: `/api/orders/${ordered.json().id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(page(await newest()).items[0]).toMatchObject({ id: tool.id, available: tool.available });
  });

  it('shows an admin edit, a new tool and a deletion at once', async () => {
    const [top] = page(await newest()).items;
    const edited = await as(app, admin, { method: 'PATCH', url: `/api/tools/${top!.id}`, payload: { description: 'Edited just now.' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(page(await newest()).items[0]).toMatchObject({ id: top!.id, description: 'Edited just now.' });

    const added = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: 'Brand New Saw',
        sku: 'NEW-SAW-1',
        description: 'Fresh.',
        img: '/images/tools/drill.svg',
        priceCents: 4500,
        available: 9,
        minimum: 1,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(page(await newest()).items[0]).toMatchObject({ id: added.json().id, name: 'Brand New Saw' });

    const deleted = await as(app, admin, { method: 'DELETE', url: `/api/tools/${added.json().id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(page(await newest()).items.map((t) => t.id)).not.toContain(added.json().id);
  });

  it('reads later pages every time, with their own ETag', async () => {
    const first = page(await app.inject({ url: '/api/tools?limit=3' })) as Page & { nextCursor: number };
    const second = await app.inject({ url: `/api/tools?limit=3&cursor=${first.nextCursor}` });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBeDefined();
    expect(page(second).items.map((t) => t.id)).toEqual(expect.not.arrayContaining(first.items.map((t) => t.id)));
  });
});

/**
 * Over a socket, a first page the route has answered is answered again before the router, for
 * exactly its URL: what the route itself sends (app.inject goes through the router) and the
 * same log line, until a write clears the catalog cache.
 */
describe('GET /api/tools, prepared first pages answered before the router', () => {
  let app: FastifyInstance;
  let buyer: TestUser;
  let base: string;
  const lines: string[] = [];
  const logged = () =>
    lines
      .join('')
      .split('\n')
      .filter((l) => l.includes('request completed'))
      .map((l) => JSON.parse(l) as { reqId: string; req: { method: string; url: string }; res: { statusCode: number } });

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    buyer = await signUp(app);
    for (let n = 0; n < 7; n++) await makeTool(app, { available: 40 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const variants: Array<[string, 'GET' | 'HEAD', Record<string, string>]> = [
    ['plain', 'GET', {}],
    ['gzip', 'GET', { 'accept-encoding': 'gzip' }],
    ['brotli', 'GET', { 'accept-encoding': 'gzip, deflate, br' }],
    ['HEAD', 'HEAD', { 'accept-encoding': 'br' }],
  ];

  it('sends what the route sends, with every header, in each encoding, and 304 to a client that holds it', async () => {
    const url = '/api/tools?limit=6';
    const filled = await rawGet(`${base}${url}`, 'GET', {});
    expect(filled.status).toBe(200);
    const before = logged().length;
    for (const [name, method, headers] of variants) {
      const routed = await app.inject({ method, url, headers });
      const front = await rawGet(`${base}${url}`, method, headers);
      expect(differences(routed, front), name).toEqual([]);
      const notModified = await rawGet(`${base}${url}`, 'GET', { ...headers, 'if-none-match': String(routed.headers.etag) });
      const routedNotModified = await app.inject({ url, headers: { ...headers, 'if-none-match': String(routed.headers.etag) } });
      expect([notModified.status, notModified.body.length], name).toEqual([304, 0]);
      expect(notModified.headers.etag).toBe(routedNotModified.headers.etag);
      expect(notModified.headers['content-security-policy']).toBe(routedNotModified.headers['content-security-policy']);
    }
    // The socket's requests were answered before the router (their log lines say so), one line each.
    const fronted = logged()
      .slice(before)
      .filter((l) => l.reqId.startsWith('prepared-'));
    expect(fronted.map((l) => `${l.req.method} ${l.req.url} ${l.res.statusCode}`)).toEqual(
      variants.flatMap(([, method]) => [`${method} ${url} 200`, `GET ${url} 304`]),
    );
  });

  it('leaves other URLs to the router, and sends the new stock at once after an order', async () => {
    const url = '/api/tools?limit=6';
    const first = JSON.parse((await rawGet(`${base}${url}`, 'GET', {})).body.toString()) as Page;
    const tool = first.items[0]!;
    const ordered = await as(app, buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: { toolId: tool.id, quantity: 2, phone: '+1 555 0100', address: '1 Test Street' },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const count = logged().length;
    const after = JSON.parse((await rawGet(`${base}${url}`, 'GET', {})).body.toString()) as Page;
    expect(after.items[0]).toMatchObject({ id: tool.id, available: tool.available - 2 });
    // That answer came from the router (the order cleared the prepared one); a URL never
    // answered by the route is routed too.
    await rawGet(`${base}/api/tools?limit=5`, 'GET', {});
    expect(
      logged()
        .slice(count)
        .map((l) => l.reqId.startsWith('prepared-')),
    ).toEqual([false, false]);
  });
});
