import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { Root } from './app/root.tsx';
import { seedFromAnswers } from './lib/first-paint-data.ts';
import { partsLoading } from './lib/lazy-part.ts';

/**
 * The first screen of a page as HTML, for the server to send inside `#root` (docs/decisions/017):
 * the app rendered at `path` from the API answers the page's HTML carries (`#toolsify-data`,
 * keyed by API path), exactly as the browser's first render will render it from the same
 * answers. Nothing is fetched: what the answers lack renders as the browser renders it while
 * it waits (the visitor's navigation bar, spinners).
 *
 * A lazy part met for the first time in this process (an out-of-stock card's "Email me when it
 * is back", the footer) only starts loading its code: React leaves its boundary unfinished, for
 * the browser to render itself (and report, #419). So while the page holds such a boundary, the
 * render waits for the code being loaded (lazyPart) and renders again, a few times at most (a
 * part inside another is met by the next render); one that stays unfinished (a part that
 * throws) goes out as React left it.
 */
export async function renderFirstScreen(path: string, answers: unknown): Promise<string> {
  let html = renderOnce(path, answers);
  for (let renders = 1; html.includes(UNFINISHED_BOUNDARY) && renders < RENDERS_AT_MOST; renders += 1) {
    await partsLoading();
    html = renderOnce(path, answers);
  }
  return html;
}

/** What React writes for a Suspense boundary it could not finish on the server. */
const UNFINISHED_BOUNDARY = '<!--$!-->';
const RENDERS_AT_MOST = 4;

function renderOnce(path: string, answers: unknown): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedFromAnswers(client, answers);
  try {
    return renderToString(<Root client={client} ssrPath={path} />);
  } finally {
    client.clear();
  }
}
