import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.ts';

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
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
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
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });
});
