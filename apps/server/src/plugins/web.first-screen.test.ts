import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.ts';
import { makeTool } from '../modules/orders/orders.test-helpers.ts';
import { startingAfterPaint, withFirstScreen } from './first-screen.ts';
import { FIRST_SCREEN_INTERVAL_MS } from './web.ts';

/** The shell as the build writes it: the entry module, the modules it imports at once, the stylesheet. */
const SHELL = [
  '<!doctype html><html lang="en"><head>',
  '<title>Toolsify Manufacturer LTD.</title>',
  '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-v1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/**
 * A stand-in for the web app's server build (apps/web/dist-server/entry-server.js): it renders
 * the names of the tools it is given, and records each call; `fail` makes it throw. The real
 * renderer has its own tests (apps/web/src/entry-server.test.ts, e2e first-paint.spec.ts).
 */
const RENDERER = `
const state = (globalThis.toolsifyFirstScreen ??= { calls: [], fail: false });
export async function renderFirstScreen(path, answers) {
  state.calls.push({ path, answers });
  // After a turn, as the real one may wait for a lazy part's code.
  await new Promise((resolve) => setTimeout(resolve, 1));
  if (state.fail) throw new Error('renderer failed');
  const items = answers['/api/tools?limit=6']?.items ?? [];
  return '<main data-path="' + path + '">' + items.map((t) => '<h3>' + t.name + '</h3>').join('') + '<!--$--><button>lazy</button><!--/$--></main>';
}`;

type Calls = { calls: { path: string; answers: Record<string, unknown> }[]; fail: boolean };
const renderer = () => (globalThis as unknown as { toolsifyFirstScreen: Calls }).toolsifyFirstScreen;

const LOADER =
  '<script defer src="/start-after-paint.js" data-app="/assets/index-abc123.js" data-preload="/assets/runtime-r1.js /assets/vendor-v1.js"></script>';

/** Issue 17, item 5 (docs/decisions/017): the home page's first screen comes in its HTML. */
describe("the home page's first screen, rendered by the web app's server build", () => {
  let app: FastifyInstance;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-first-screen-'));
    mkdirSync(path.join(tmp, 'dist', 'assets'), { recursive: true });
    mkdirSync(path.join(tmp, 'dist-server'), { recursive: true });
    writeFileSync(path.join(tmp, 'dist', 'index.html'), SHELL);
    writeFileSync(path.join(tmp, 'dist-server', 'entry-server.js'), RENDERER);
    app = await createTestApp({ WEB_DIST_DIR: path.join(tmp, 'dist') }, { serveWeb: true });
    for (let n = 0; n < 3; n += 1) await makeTool(app, { available: 500 });
    app.catalogCache.clear();
  });
  beforeEach(() => {
    renderer().calls.length = 0;
    renderer().fail = false;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the page rendered at its path inside #root, from the answers the page carries, and starts the app after it paints', async () => {
    const api = await app.inject({ url: '/api/tools?limit=6' });
    const config = await app.inject({ url: '/api/config' });
    const names = (JSON.parse(api.body) as { items: { name: string }[] }).items.map((t) => `<h3>${t.name}</h3>`).join('');
    for (const url of ['/', '/home']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).toContain(
        `<div id="root"><main data-path="${url}">${names}<!--$--><button>lazy</button><!--/$--></main></div>`,
      );
      // The renderer had the very answers of the data script, parsed.
      const call = renderer().calls.find((c) => c.path === url);
      expect(call?.answers, url).toEqual({ '/api/tools?limit=6': JSON.parse(api.body), '/api/config': JSON.parse(config.body) });
      expect(res.body, url).toContain('id="toolsify-data"');
      // The app's modules come after the paint, through the loader, not beside the stylesheet.
      expect(res.body, url).toContain(LOADER);
      expect(res.body, url).not.toContain('<script type="module"');
      expect(res.body, url).not.toContain('modulepreload');
      expect(res.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c1.css">');
    }
  });

  it('renders once per catalog page, and at most once a second while only stock changes: a newer stock within the second gets the last page', async () => {
    app.catalogCache.clear();
    // The catalog's page lives 2 s and the clock stands still: both requests see the same page.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * FIRST_SCREEN_INTERVAL_MS });
    try {
      const first = await app.inject({ url: '/' });
      const again = await app.inject({ url: '/' });
      expect(again.body).toBe(first.body);
      expect(renderer().calls).toHaveLength(1);

      // An order's worth of stock moved within the second: the page (its screen and its data) is the last one.
      const [newest] = (
        JSON.parse((await app.inject({ url: '/api/tools?limit=6' })).body) as { items: Array<{ id: number; available: number }> }
      ).items;
      await app.db
        .updateTable('tool')
        .set({ available: newest!.available - 1 })
        .where('id', '=', newest!.id)
        .execute();
      app.catalogCache.clear();
      const within = await app.inject({ url: '/' });
      expect(within.body).toBe(first.body);
      expect(renderer().calls).toHaveLength(1);

      // A second later, the new stock, rendered anew; /home keeps its own pace.
      vi.setSystemTime(Date.now() + FIRST_SCREEN_INTERVAL_MS);
      const after = await app.inject({ url: '/' });
      expect(renderer().calls).toHaveLength(2);
      expect(after.body).toContain(`"id":${newest!.id},`);
      expect(after.body).toContain(`"available":${newest!.available - 1},`);
      expect((await app.inject({ url: '/home' })).body).toContain(`"available":${newest!.available - 1},`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a tool added within the second is on the next page at once: only stock waits for the second', async () => {
    app.catalogCache.clear();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20 * FIRST_SCREEN_INTERVAL_MS });
    await app.inject({ url: '/' });
    const calls = renderer().calls.length;
    const tool = await makeTool(app, { available: 20 });
    app.catalogCache.clear();
    const next = await app.inject({ url: '/' });
    expect(renderer().calls).toHaveLength(calls + 1);
    expect(next.body).toContain(`<h3>${tool.name}</h3>`);
    expect(next.body).toContain(`"id":${tool.id},`);
  });

  it('a renderer that fails leaves the page as the app renders it: the shell, its modules and the data', async () => {
    renderer().fail = true;
    await makeTool(app, { available: 20 });
    app.catalogCache.clear();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 100 * FIRST_SCREEN_INTERVAL_MS });
    const res = await app.inject({ url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(renderer().calls).toHaveLength(1);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(res.body).toContain('id="toolsify-data"');
    expect(res.body).not.toContain('start-after-paint');
  });

  it('only the home page: a tool page and the rest keep the shell and its modules', async () => {
    const tool = await makeTool(app, { available: 20 });
    for (const url of [`/tools/${tool.id}`, '/login', '/tools']) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    expect(renderer().calls).toHaveLength(0);
  });
});

describe('a server build that cannot be loaded', () => {
  it('leaves the store open, its home page as the app renders it', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'toolsify-first-screen-broken-'));
    mkdirSync(path.join(tmp, 'dist', 'assets'), { recursive: true });
    mkdirSync(path.join(tmp, 'dist-server'), { recursive: true });
    writeFileSync(path.join(tmp, 'dist', 'index.html'), SHELL);
    writeFileSync(path.join(tmp, 'dist-server', 'entry-server.js'), "throw new Error('a half-copied deploy');");
    const app = await createTestApp({ WEB_DIST_DIR: path.join(tmp, 'dist') }, { serveWeb: true });
    try {
      const res = await app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    } finally {
      await app.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('startingAfterPaint and withFirstScreen', () => {
  it('moves the entry and its preloads to the loader, in their order', () => {
    const shell = startingAfterPaint(SHELL);
    expect(shell).toContain(LOADER);
    expect(shell).not.toMatch(/type="module"|modulepreload/);
  });

  it("leaves a shell without the build's entry script alone (undefined: no first screen)", () => {
    expect(startingAfterPaint('<html><head></head><body><div id="root"></div></body></html>')).toBeUndefined();
  });

  it('puts the screen in the empty root, taking "$&" and the like literally', () => {
    expect(withFirstScreen('<div id="root"></div>', '<p>$& $1 $$</p>')).toBe('<div id="root"><p>$& $1 $$</p></div>');
  });
});
