import { pathOf } from '../lib/url.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { webDistDir } from '../lib/web-dist.ts';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { toolPageSchema, toolSchema, type Tool, type ToolPage } from '@toolsify/shared/tools';
import { storeConfigSchema, type StoreConfig } from '@toolsify/shared/store-config';
import { publicPageHead, publicPageHeads, toolPageHead } from '@toolsify/shared/tool-page-head';
import { HOME_HERO_IMAGE, HOME_NEWEST_TOOLS, firstPaintPaths, firstPaintScript } from '@toolsify/shared/first-paint';
import { PreparedAnswer, sendPrepared } from '../lib/prepared-answer.ts';
import { compiledSerializerOf } from '../lib/response-serializer.ts';
import type { TtlCache } from '../lib/ttl-cache.ts';
import { withPageHead } from './page-head.ts';
import { loadFirstScreenRenderer, startingAfterPaint, withFirstScreen } from './first-screen.ts';
import { isAppPage } from '@toolsify/shared/app-pages';

export interface WebOptions {
  config: Config;
  /** A live tool, for its page's head (`/tools/:id`); undefined when unknown or deleted. */
  toolOf?: (id: number) => Promise<Tool | undefined>;
  /**
   * The home page's newest tools: the very page object `GET /api/tools?limit=6` answers from
   * (the catalog cache's), a new one after any catalog or stock change.
   */
  newestTools?: () => Promise<ToolPage>;
  /** `GET /api/config`'s answer. */
  storeConfig?: StoreConfig;
  /** The catalog cache: a tool page's HTML is kept there, and goes with the writes that clear it. */
  catalogCache?: TtlCache<unknown>;
}

const HTML = 'text/html; charset=utf-8';

/** The home page's first screen is rendered at most this often per path while only stock changes (see sendHome). */
export const FIRST_SCREEN_INTERVAL_MS = 1_000;

/** A newest-tools page without its stock numbers: equal for two pages whose tools differ in stock alone. */
const toolsButStock = (page: ToolPage): string =>
  JSON.stringify([page.total, page.items], (key, value: unknown) => (key === 'available' ? undefined : value));

/** The shell with the first paint's data script (the API answers the page starts with) before `</body>`. */
export function withFirstPaintData(shell: string, answers: ReadonlyArray<readonly [path: string, json: string]>): string {
  const at = shell.lastIndexOf('</body>');
  const script = firstPaintScript(answers);
  return at < 0 ? `${shell}${script}` : `${shell.slice(0, at)}${script}\n  ${shell.slice(at)}`;
}

/** The home page's shell: its banner image (the largest element on a phone) is fetched at once, beside the app's code. */
function withHeroPreload(shell: string): string {
  const link = `<link rel="preload" as="image" href="${HOME_HERO_IMAGE}" fetchpriority="high" />`;
  return shell.includes('</head>') ? shell.replace('</head>', `  ${link}\n  </head>`) : shell;
}

/**
 * Cache-Control of a file of the built web app (`filePath` under `root`): hashed assets (the
 * build's own assets/ folder) never change (a year, immutable); the shell (index.html, also the
 * history fallback) is revalidated on every load, so a deploy is seen at once; the few other
 * files (icons, robots.txt) for an hour. Judged by the path inside the build, so a build that
 * lives under a folder named assets does not make its shell immutable.
 */
export function webCacheControl(root: string, filePath: string): string {
  const inBuild = path.relative(root, filePath).split(path.sep);
  if (inBuild.length > 1 && inBuild[0] === 'assets') return 'public, max-age=31536000, immutable';
  if (inBuild.length === 1 && inBuild[0] === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets with a one-year immutable cache; every path the app has
 * a page for (isAppPage) gets index.html (history fallback) so the client router can answer it,
 * and any other path the same shell as a 404 (the app shows its not-found page).
 */
export const webPlugin = fp<WebOptions>(
  async (app, { config, toolOf, newestTools, storeConfig, catalogCache }) => {
    const root = webDistDir(config);
    const uploads = path.resolve(config.UPLOAD_DIR);

    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });

    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: run `npm run build` to serve the storefront');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz (zopfli) beside each text file (apps/web/vite-precompress.ts):
      // sent as they are to a client that accepts them, with Vary: Accept-Encoding; @fastify/compress
      // leaves a body that already has a Content-Encoding alone.
      preCompressed: true,
      // The server writes these itself (they name PUBLIC_URL): an old build's copy is not served.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      // Our header alone: @fastify/static's own would say max-age=0 first. setHeaders runs on
      // every file it sends (a 304 included), index.html through sendFile too.
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', webCacheControl(root, filePath));
      },
    });
    const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html', root);
    // The shell is read once: a deploy restarts the server.
    const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
    const sendHtml = (request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) =>
      sendPrepared(request, reply.header('cache-control', 'no-cache'), answer);
    // The exact JSON the API answers: the same serializers its routes compile from these schemas.
    const toolPageJson = compiledSerializerOf(toolPageSchema);
    const toolJson = compiledSerializerOf(toolSchema);
    const configAnswer: [string, string] | undefined = storeConfig
      ? [firstPaintPaths.config, compiledSerializerOf(storeConfigSchema)(storeConfig)]
      : undefined;

    // `/` and `/home` carry the newest tools and the store configuration (issue 17, item 5), so
    // the products paint with no API round trip, and their first screen rendered from those
    // answers (docs/decisions/017), so it paints before the app's code has even been fetched.
    // The page is held as its bytes (ETag, gzip and brotli forms) per newest-tools page object:
    // the catalog cache makes a new one after any tool or stock change (or 2 s later), and with
    // it a new page. A render takes milliseconds of the event loop and a busy sale changes the
    // stock with every order, so a page whose tools differ from the last one's in stock alone is
    // rendered at most once a second per path: within that second it gets the last page (its
    // screen and its data, from the same answers), its stock numbers at most that second old. A
    // tool added, removed or edited is rendered at once (docs/decisions/017).
    const homeShell = withHeroPreload(shell);
    const renderFirstScreen = await loadFirstScreenRenderer(root, app.log);
    const firstScreenShell = renderFirstScreen && startingAfterPaint(homeShell);
    if (renderFirstScreen && !firstScreenShell)
      app.log.warn('index.html has no entry script the first screen can start after: home page sent without it');
    /** Per path, the page last made, the catalog page it was made from (and its tools but their stock), and when. */
    const lastHome: Partial<Record<'/' | '/home', { page: ToolPage; tools: string; answer: PreparedAnswer; madeAt: number }>> = {};
    /** The home page at `at` for these answers: with its first screen, or the shell alone should that fail. */
    const homePage = async (request: FastifyRequest, at: '/' | '/home', answers: [string, string][]): Promise<string> => {
      if (renderFirstScreen && firstScreenShell) {
        try {
          const parsed = Object.fromEntries(answers.map(([p, json]) => [p, JSON.parse(json) as unknown]));
          const html = await renderFirstScreen(at, parsed);
          return withFirstPaintData(withFirstScreen(firstScreenShell, html), answers);
        } catch (error) {
          request.log.error({ err: error }, 'home page sent without its first screen: rendering it failed');
        }
      }
      return withFirstPaintData(homeShell, answers);
    };
    const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!newestTools) return sendIndex(reply);
      let page: ToolPage;
      try {
        page = await newestTools();
      } catch (error) {
        // The app fetches what it lacks (and shows its own error): the page itself still opens.
        request.log.warn({ err: error }, 'home page sent without its first-paint data');
        return sendIndex(reply);
      }
      const at = pathOf(request.url) === '/home' ? '/home' : '/';
      const last = lastHome[at];
      if (last?.page === page) return sendHtml(request, reply, last.answer);
      const tools = toolsButStock(page);
      if (last && firstScreenShell && Date.now() - last.madeAt < FIRST_SCREEN_INTERVAL_MS && last.tools === tools) {
        return sendHtml(request, reply, last.answer);
      }
      const answers: [string, string][] = [[firstPaintPaths.newestTools(HOME_NEWEST_TOOLS), toolPageJson(page)]];
      if (configAnswer) answers.push(configAnswer);
      const answer = new PreparedAnswer(await homePage(request, at, answers), HTML);
      lastHome[at] = { page, tools, answer, madeAt: Date.now() };
      return sendHtml(request, reply, answer);
    };
    app.get('/', { schema: { hide: true } }, sendHome);
    app.get('/home', { schema: { hide: true } }, sendHome);

    // The catalog and the blog carry their own title, description, canonical link and Open Graph
    // tags in the HTML (the same for everyone: made once), for crawlers and link previews.
    const origin = config.PUBLIC_URL.replace(/\/$/, '');
    for (const page of Object.keys(publicPageHeads) as Array<keyof typeof publicPageHeads>) {
      const answer = new PreparedAnswer(withPageHead(shell, publicPageHead(page, origin), page), HTML);
      app.get(page, { schema: { hide: true } }, (request, reply) => sendHtml(request, reply, answer));
    }

    // A tool's page carries its title, description, canonical link, Open Graph tags and JSON-LD
    // in the HTML itself, for crawlers and link previews, and the tool as `GET /api/tools/:id`
    // answers it, for the first paint; an unknown tool is a 404 (the app shows its not-found
    // page). Kept in the catalog cache (cleared by every tool and stock change) as its bytes.
    if (toolOf) {
      app.get('/tools/:id', { schema: { hide: true } }, async (request, reply) => {
        const raw = (request.params as { id: string }).id;
        const id = /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 0;
        const key = `html:/tools/${id}`;
        const held = id > 0 ? catalogCache?.get(key) : undefined;
        if (held instanceof PreparedAnswer) return sendHtml(request, reply, held);
        const generation = catalogCache?.generation;
        const tool = id > 0 ? await toolOf(id) : undefined;
        if (!tool) return reply.status(404).type(HTML).header('cache-control', 'no-cache').send(shell);
        const answer = new PreparedAnswer(
          withFirstPaintData(withPageHead(shell, toolPageHead(tool, origin)), [[firstPaintPaths.tool(tool.id), toolJson(tool)]]),
          HTML,
        );
        // Unless a write cleared the cache while the tool was read: then it may be stale already.
        if (catalogCache && catalogCache.generation === generation) catalogCache.set(key, answer);
        return sendHtml(request, reply, answer);
      });
    }
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = pathOf(request.url);
      if (url.startsWith('/api/') || url === '/api') {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${url}` } });
      }
      // A missing hashed asset is a real 404, not the app shell.
      if (url.startsWith('/assets/')) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });
      }
      // A path the app has no page for: the shell (the app shows its not-found page), as a 404.
      if (!isAppPage(url)) return reply.status(404).type(HTML).header('cache-control', 'no-cache').send(shell);
      return sendIndex(reply);
    });
  },
  { name: 'web' },
);
