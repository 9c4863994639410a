import { pathOf } from '../lib/url.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import type { Tool } from '@toolsify/shared/tools';
import { toolPageHead } from '@toolsify/shared/tool-page-head';
import { withPageHead } from './page-head.ts';

export interface WebOptions {
  config: Config;
  /** A live tool, for its page's head (`/tools/:id`); undefined when unknown or deleted. */
  toolOf?: (id: number) => Promise<Tool | undefined>;
}

/** apps/web/dist, found from this file (src/ in development and tests, dist/ when built). */
export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
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
 * Serves the built web app: hashed assets with a one-year immutable cache, every other
 * non-API path gets index.html (history fallback) so the client router can answer it.
 */
export const webPlugin = fp<WebOptions>(
  async (app, { config, toolOf }) => {
    const root = path.resolve(config.WEB_DIST_DIR ?? defaultWebDist());
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
      // The server writes these itself (they name PUBLIC_URL): an old build's copy is not served.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      // Our header alone: @fastify/static's own would say max-age=0 first. setHeaders runs on
      // every file it sends (a 304 included), index.html through sendFile too.
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', webCacheControl(root, filePath));
      },
    });
    const sendIndex = (reply: import('fastify').FastifyReply) => reply.sendFile('index.html', root);
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    // A tool's page carries its title, description, canonical link, Open Graph tags and JSON-LD
    // in the HTML itself, for crawlers and link previews; an unknown tool is a 404 (the app
    // shows its not-found page). The shell is read once: a deploy restarts the server.
    if (toolOf) {
      const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
      const origin = config.PUBLIC_URL.replace(/\/$/, '');
      app.get('/tools/:id', { schema: { hide: true } }, async (request, reply) => {
        const raw = (request.params as { id: string }).id;
        const id = /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 0;
        const tool = id > 0 ? await toolOf(id) : undefined;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        if (!tool) return reply.status(404).send(shell);
        return reply.send(withPageHead(shell, toolPageHead(tool, origin)));
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
      return sendIndex(reply);
    });
  },
  { name: 'web' },
);
