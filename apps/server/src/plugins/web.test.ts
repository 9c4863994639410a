import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isAppPage } from '@toolsify/shared/app-pages';
import { createTestApp } from '../test/helpers.ts';
import { insertTool, softDeleteTool } from '../modules/tools/tools.repository.ts';

// The second build lives under a folder named assets (say /srv/assets/toolsify): only the
// build's own assets/ folder is hashed, so its shell must still be no-cache.
describe.each([
  ['a build', []],
  ['a build under a folder named assets', ['assets', 'toolsify']],
])('the built web app: %s', (_label, under) => {
  let app: FastifyInstance;
  let tmp: string;
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-web-'));
    const dist = path.join(tmp, ...under, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Toolsify</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // A chunk the build precompressed (apps/web/vite-precompress.ts), each form with its own text
    // so the test sees which one was sent; big enough that @fastify/compress would compress it.
    const chunk = path.join(dist, 'assets', 'vendor-abc123.js');
    writeFileSync(chunk, `/* plain */${'x'.repeat(4096)}`);
    writeFileSync(`${chunk}.gz`, gzipSync(`/* gzip */${'x'.repeat(4096)}`));
    writeFileSync(`${chunk}.br`, brotliCompressSync(`/* brotli */${'x'.repeat(4096)}`));
    app = await createTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('sends the shell with no-cache, at / and as the history fallback, so a deploy is seen at once', async () => {
    for (const url of ['/', '/index.html', '/dashboard/orders', '/purchase/3?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Toolsify</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a path the app has no page for with the shell and 404 (the app shows not found), not 200', async () => {
    for (const url of ['/nothing-here', '/tools/3/extra', '/dashboardx', '/home/', '/blogs/old-post?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Toolsify</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("knows every page of the app's router (apps/web/src/app/app.tsx)", () => {
    const routes = readFileSync(path.join(import.meta.dirname, '../../../web/src/app/app.tsx'), 'utf8');
    const paths = [...routes.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThan(10);
    for (const route of paths) expect(isAppPage(route.replace(/:\w+/g, '7')), route).toBe(true);
  });

  it('says no-cache again when the browser revalidates the shell (304)', async () => {
    const first = await app.inject({ url: '/' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets for a year and other files for an hour', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it("sends the build's precompressed forms as they are, by Accept-Encoding, never compressed twice", async () => {
    const url = '/assets/vendor-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^\/\* brotli \*\/x{4096}$/);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^\/\* gzip \*\/x{4096}$/);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^\/\* plain \*\/x{4096}$/);
    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('what crawlers and link previews read', () => {
  let app: FastifyInstance;
  let tmp: string;
  let toolId: number;
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-web-'));
    const dist = path.join(tmp, 'dist');
    mkdirSync(dist, { recursive: true });
    // The shell as the build writes it: the store's own title, description and preview tags.
    writeFileSync(
      path.join(dist, 'index.html'),
      [
        '<!doctype html><html><head>',
        '<meta name="description" content="The store" />',
        '<meta property="og:site_name" content="Toolsify Manufacturer LTD." />',
        '<meta property="og:title" content="Toolsify" data-page-head />',
        '<meta\n  property="og:description"\n  content="Tools in bulk"\n  data-page-head\n/>',
        '<title>Toolsify Manufacturer LTD.</title>',
        '</head><body><div id="root"></div></body></html>',
      ].join('\n'),
    );
    // An old build's robots.txt: the server's own answer wins, and the app still starts.
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /');
    app = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example.com/' }, { serveWeb: true });
    toolId = (
      await insertTool(app.db, {
        name: 'Pipe Wrench <350> "Pro"',
        sku: 'PW-350',
        description: 'Cast iron. </script><script>alert(1)</script>',
        img: '/images/tools/pipe.svg',
        priceCents: 1950,
        available: 0,
        minimum: 12,
        category: 'Hand tools',
      })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("writes a tool page's title, description, canonical link, Open Graph tags and JSON-LD into the HTML", async () => {
    const res = await app.inject({ url: `/tools/${toolId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Pipe Wrench &lt;350&gt; &quot;Pro&quot; | Toolsify Manufacturer LTD.</title>');
    expect(html).toContain('<meta name="description" content="Cast iron. &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).toContain(`<link rel="canonical" href="https://shop.example.com/tools/${toolId}"`);
    expect(html).toContain('<meta property="og:image" content="https://shop.example.com/images/tools/pipe.svg"');
    expect(html).toContain('<meta property="og:type" content="product"');
    // The shell's own preview tags are replaced, not repeated; the site name stays.
    expect(html).not.toContain('content="Toolsify" data-page-head');
    expect(html).not.toContain('Tools in bulk');
    expect(html).toContain('og:site_name');
    // Two script elements only, the JSON-LD and the first paint's data: the description cannot close either.
    expect(html.match(/<script/g)).toHaveLength(2);
    const json = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: 'Pipe Wrench <350> "Pro"',
      sku: 'PW-350',
      description: 'Cast iron. </script><script>alert(1)</script>',
      offers: {
        '@type': 'Offer',
        price: '19.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        eligibleQuantity: { minValue: 12 },
      },
    });
  });

  it("writes the catalog's and the blog's own title, description, canonical link and Open Graph tags into the HTML", async () => {
    for (const [url, title] of [
      ['/tools', 'All tools'],
      ['/tools?q=drill&inStock=true', 'All tools'],
      ['/blogs', 'Blogs'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const html = res.body;
      expect(html, url).toContain(`<title>${title} | Toolsify Manufacturer LTD.</title>`);
      const page = url.split('?')[0];
      expect(html, url).toContain(`<link rel="canonical" href="https://shop.example.com${page}" data-page-head="${page}" />`);
      expect(html, url).toContain(`<meta property="og:title" content="${title}" data-page-head="${page}" />`);
      expect(html, url).not.toContain('The store');
      expect(html, url).not.toContain('Tools in bulk');
    }
    // Another page keeps the shell's head.
    expect((await app.inject({ url: '/portfolio' })).body).toContain('<title>Toolsify Manufacturer LTD.</title>');
  });

  it("answers an unknown, malformed or deleted tool's page with the shell and 404 (the app shows not found)", async () => {
    const gone = await insertTool(app.db, {
      name: 'Gone',
      sku: 'GONE-1',
      description: 'd',
      img: '/images/tools/x.svg',
      priceCents: 1,
      available: 1,
      minimum: 1,
    });
    await softDeleteTool(app.db, gone.id);
    for (const url of ['/tools/999999', '/tools/abc', '/tools/0', `/tools/${gone.id}`, '/tools/99999999999']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Toolsify Manufacturer LTD.</title>');
      expect(res.body, url).not.toContain('application/ld+json');
    }
  });

  it('lists every public page and live tool in /sitemap.xml, with lastmod, and names it in robots.txt', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining(['https://shop.example.com/', 'https://shop.example.com/tools', 'https://shop.example.com/blogs']),
    );
    expect(locs).toContain(`https://shop.example.com/tools/${toolId}`);
    expect(res.body).toMatch(new RegExp(`/tools/${toolId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(locs.some((loc) => loc?.endsWith('/tools/999999'))).toBe(false);
    // Each category's catalog, as the catalog writes its address.
    expect(locs).toContain('https://shop.example.com/tools?category=Hand+tools');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).not.toContain('Disallow: /\n');
  });
});

describe('a sitemap past one file', () => {
  let app: FastifyInstance;
  const ids: number[] = [];
  beforeAll(async () => {
    // 10 URLs per file here (50,000 in production): 25 tools need an index of three tool files.
    app = await createTestApp({ SITEMAP_URLS_PER_FILE: '10', PUBLIC_URL: 'https://shop.example.com' });
    for (let i = 0; i < 25; i += 1) {
      const tool = await insertTool(app.db, {
        name: `T${i}`,
        sku: `SM-${i}`,
        description: 'd',
        img: '/images/tools/x.svg',
        priceCents: 1,
        available: 1,
        minimum: 1,
        category: i % 2 ? 'Sanders & grinders' : null,
      });
      ids.push(tool.id);
    }
    await softDeleteTool(app.db, ids[3] ?? 0);
  });
  afterAll(() => app.close());

  it('answers a sitemap index whose files list every live tool once, none past the limit', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>https:\/\/shop\.example\.com([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(files).toEqual(['/sitemap/pages.xml', '/sitemap/tools-1.xml', '/sitemap/tools-2.xml', '/sitemap/tools-3.xml']);
    const listed: string[] = [];
    for (const file of files) {
      const res = await app.inject({ url: file });
      expect(res.statusCode, file).toBe(200);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(locs.length, file).toBeLessThanOrEqual(10);
      listed.push(...locs);
    }
    const toolUrls = listed.filter((loc) => /\/tools\/\d+$/.test(loc));
    expect(toolUrls.sort()).toEqual(
      ids
        .filter((id) => id !== ids[3])
        .map((id) => `https://shop.example.com/tools/${id}`)
        .sort(),
    );
    expect(listed).toContain('https://shop.example.com/portfolio');
    expect(listed).toContain('https://shop.example.com/tools?category=Sanders+%26+grinders');
    for (const url of ['/sitemap/tools-4.xml', '/sitemap/tools-0.xml', '/sitemap/other.xml', '/sitemap/tools-1.xml.gz']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
