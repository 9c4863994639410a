import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { testConfig } from '../config.ts';
import { webPlugin } from './web.ts';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../test/helpers.ts';
import { makeTool } from '../modules/orders/orders.test-helpers.ts';
import { insertTool } from '../modules/tools/tools.repository.ts';

/** The shell as the build writes it: a module script in the head, the root, </body>. */
const SHELL = [
  '<!doctype html><html lang="en"><head>',
  '<meta name="description" content="The store" />',
  '<meta property="og:title" content="Toolsify" data-page-head />',
  '<title>Toolsify Manufacturer LTD.</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const DATA_SCRIPT = /<script type="application\/json" id="toolsify-data">([^<]*)<\/script>/;

/** The data script's text, and what it says. */
function dataOf(res: LightMyRequestResponse): { text: string; data: Record<string, unknown> } {
  expect(res.statusCode, res.body).toBe(200);
  const text = DATA_SCRIPT.exec(res.body)?.[1];
  expect(text, 'the data script').toBeDefined();
  return { text: text ?? '', data: JSON.parse(text ?? 'null') as Record<string, unknown> };
}

type Page = { items: { id: number; name: string; description: string; available: number }[] };

/**
 * First paint without an API round trip (issue 17, item 5): the HTML of /, /home and
 * /tools/{id} carries the answers the page starts with, exactly as the API answers them,
 * escaped for a script element, and never older than the catalog.
 */
describe('the HTML carries the first paint data', () => {
  let app: FastifyInstance;
  let tmp: string;
  let admin: TestUser;
  let buyer: TestUser;
  let hostileId: number;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-first-paint-'));
    const dist = path.join(tmp, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    app = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example.com' }, { serveWeb: true });
    admin = await signUpAdmin(app);
    buyer = await signUp(app);
    for (let n = 0; n < 6; n += 1) await makeTool(app, { available: 500 });
    // The newest tool: a name that would end the script and open another if it were not escaped.
    hostileId = (
      await insertTool(app.db, {
        name: '</script><script>alert(1)</script>',
        sku: 'XSS-1',
        description: 'Line\u2028separator\u2029 <!-- comment --> & <b>bold</b> </SCRIPT >',
        img: '/images/tools/drill.svg',
        priceCents: 999,
        available: 40,
        minimum: 1,
      })
    ).id;
    app.catalogCache.clear();
  });
  afterAll(async () => {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('/ and /home carry the newest tools and the store configuration, byte for byte as the API answers them', async () => {
    const api = await app.inject({ url: '/api/tools?limit=6' });
    const config = await app.inject({ url: '/api/config' });
    for (const url of ['/', '/home', '/?utm_source=mail']) {
      const res = await app.inject({ url });
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const { text, data } = dataOf(res);
      expect(Object.keys(data), url).toEqual(['/api/tools?limit=6', '/api/config']);
      expect(JSON.stringify(data['/api/tools?limit=6']), url).toBe(api.body);
      expect(JSON.stringify(data['/api/config']), url).toBe(config.body);
      // The API's own bytes, only escaped: the escapes are the whole difference.
      const unescaped = text.replace(/\\u(003c|003e|0026|2028|2029)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(unescaped, url).toBe(`{"/api/tools?limit=6":${api.body},"/api/config":${config.body}}`);
      // The rest of the page is the shell.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(res.body.indexOf('id="toolsify-data"'), url).toBeLessThan(res.body.indexOf('</body>'));
      // Its banner image, the largest element on a phone, is asked for at once.
      expect(res.body, url).toContain('<link rel="preload" as="image" href="/images/hero-delivery.svg" fetchpriority="high" />');
    }
  });

  it('cannot be broken out of: a tool named </script><script>... stays text inside the data script', async () => {
    const res = await app.inject({ url: '/' });
    const { text, data } = dataOf(res);
    // Two script elements, the shell's and the data's; nothing the tool says opens a third.
    expect(res.body.match(/<script/gi)).toHaveLength(2);
    expect(res.body.match(/<\/script/gi)).toHaveLength(2);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    const newest = (data['/api/tools?limit=6'] as Page).items[0];
    expect(newest).toMatchObject({
      id: hostileId,
      name: '</script><script>alert(1)</script>',
      description: 'Line\u2028separator\u2029 <!-- comment --> & <b>bold</b> </SCRIPT >',
    });

    // The tool's own page too: its JSON-LD and its data script, nothing more.
    const page = await app.inject({ url: `/tools/${hostileId}` });
    expect(page.body.match(/<script/gi)).toHaveLength(3);
    expect(page.body.match(/<\/script/gi)).toHaveLength(3);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(dataOf(page).data[`/api/tools/${hostileId}`]).toMatchObject({ name: '</script><script>alert(1)</script>' });
  });

  it("/tools/{id} carries the tool as GET /api/tools/:id answers it, with the page's head", async () => {
    const tool = await makeTool(app, { available: 30, minimum: 3 });
    const api = await app.inject({ url: `/api/tools/${tool.id}` });
    const res = await app.inject({ url: `/tools/${tool.id}` });
    const { data } = dataOf(res);
    expect(Object.keys(data)).toEqual([`/api/tools/${tool.id}`]);
    expect(JSON.stringify(data[`/api/tools/${tool.id}`])).toBe(api.body);
    expect(res.body).toContain(`<title>${tool.name} | Toolsify Manufacturer LTD.</title>`);
    expect(res.body).toContain('application/ld+json');
    expect(res.body).not.toContain('rel="preload"');
    // Unknown: the plain shell and 404, no data.
    const unknown = await app.inject({ url: '/tools/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('toolsify-data');
    // Other pages are the plain shell.
    expect((await app.inject({ url: '/login' })).body).not.toContain('toolsify-data');
  });

  it('is sent as the same bytes and ETag until the catalog changes, 304 to a browser that holds them, compressed', async () => {
    const first = await app.inject({ url: '/' });
    const again = await app.inject({ url: '/' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(first.headers.vary).toBe('accept-encoding');
    const revalidated = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const br = await app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(first.rawPayload)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
    expect(new Set([first.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('shows an admin change at once: no stale tool after an edit, an order or a delete', async () => {
    const tool = await makeTool(app, { available: 100 });
    app.catalogCache.clear(); // as the admin's Add a Product does
    const home = await app.inject({ url: '/' });
    const page = await app.inject({ url: `/tools/${tool.id}` });
    expect((dataOf(home).data['/api/tools?limit=6'] as Page).items[0]).toMatchObject({ id: tool.id, name: tool.name });

    const renamed = await as(app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { name: 'Renamed Drill', stock: { delta: 5, reason: 'restock' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The browser revalidates with the ETag it holds: a new page, not a 304.
    const homeAfter = await app.inject({ url: '/', headers: { 'if-none-match': String(home.headers.etag) } });
    expect(homeAfter.statusCode).toBe(200);
    expect((dataOf(homeAfter).data['/api/tools?limit=6'] as Page).items[0]).toMatchObject({ name: 'Renamed Drill', available: 105 });
    const pageAfter = await app.inject({ url: `/tools/${tool.id}`, headers: { 'if-none-match': String(page.headers.etag) } });
    expect(pageAfter.statusCode).toBe(200);
    expect(dataOf(pageAfter).data[`/api/tools/${tool.id}`]).toMatchObject({ name: 'Renamed Drill', available: 105 });
    expect(pageAfter.body).toContain('<title>Renamed Drill | Toolsify Manufacturer LTD.</title>');

    // An order takes stock: both pages show it.
    const ordered = await as(app, buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: { toolId: tool.id, quantity: 7, phone: '+1 555 0100', address: '1 Test Street' },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect((dataOf(await app.inject({ url: '/home' })).data['/api/tools?limit=6'] as Page).items[0]).toMatchObject({ available: 98 });
    expect(dataOf(await app.inject({ url: `/tools/${tool.id}` })).data[`/api/tools/${tool.id}`]).toMatchObject({ available: 98 });

    // Deleted: gone from the home page, and its page is a 404.
    const deleted = await as(app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const ids = (dataOf(await app.inject({ url: '/' })).data['/api/tools?limit=6'] as Page).items.map((t) => t.id);
    expect(ids).not.toContain(tool.id);
    expect((await app.inject({ url: `/tools/${tool.id}` })).statusCode).toBe(404);
  });
});

describe('the home page when the tools cannot be read', () => {
  it('is the plain shell, 200: the app fetches them itself and shows its own message', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-first-paint-'));
    const dist = path.join(tmp, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    const app = Fastify({ logger: false });
    try {
      await app.register(webPlugin, {
        config: testConfig({ WEB_DIST_DIR: dist, UPLOAD_DIR: path.join(tmp, 'uploads') }),
        newestTools: () => Promise.reject(new Error('the database is down')),
        storeConfig: {
          googleEnabled: false,
          payments: { gateway: 'sandbox', publishableKey: null },
          trainingSiteUrl: 'x',
          unpaidOrderTtlHours: null,
        },
      });
      for (const url of ['/', '/home']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).not.toContain('toolsify-data');
      }
    } finally {
      await app.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
