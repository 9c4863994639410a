import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A page's first screen rendered on the server (docs/decisions/017): the web app's own server
 * build (`apps/web/dist-server/entry-server.js`, made by `npm run build` beside the client's
 * `dist/`) renders the page at `path` from the API answers its HTML carries, keyed by API path.
 */
export type RenderFirstScreen = (path: string, answers: Record<string, unknown>) => Promise<string>;

/**
 * The web app's server renderer beside its client build `webDist`; undefined when it was not
 * built, or when it cannot be loaded (logged: the store still opens, its home page as the app
 * renders it).
 */
export async function loadFirstScreenRenderer(webDist: string, log: FastifyBaseLogger): Promise<RenderFirstScreen | undefined> {
  const file = path.resolve(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: unknown };
    if (typeof module.renderFirstScreen === 'function') return module.renderFirstScreen as RenderFirstScreen;
    log.error({ file }, "the web app's server build has no renderFirstScreen: home page sent without its first screen");
  } catch (error) {
    log.error({ err: error, file }, "the web app's server build could not be loaded: home page sent without its first screen");
  }
  return undefined;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * The shell for a page whose first screen comes in the HTML: the app's module and the ones it
 * imports at once are no longer fetched beside the stylesheet but by `/start-after-paint.js`,
 * once that screen has painted. Undefined for a shell without the build's entry script (then
 * the page is sent as the app renders it, with no first screen).
 */
export function startingAfterPaint(shell: string): string | undefined {
  const entry = ENTRY_SCRIPT.exec(shell);
  if (!entry) return undefined;
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const loader = `<script defer src="/start-after-paint.js" data-app="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  return shell.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `\n    ${loader}`);
}

/** The shell with `html` (a first screen) inside its empty `#root`. */
export function withFirstScreen(shell: string, html: string): string {
  return shell.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
}
