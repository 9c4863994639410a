import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { Root } from './app/root.tsx';
import { seedFromAnswers } from './lib/first-paint-data.ts';

/**
 * The first screen of a page as HTML, for the server to send inside `#root` (docs/decisions/017):
 * the app rendered at `path` from the API answers the page's HTML carries (`#toolsify-data`,
 * keyed by API path), exactly as the browser's first render will render it from the same
 * answers. Nothing is fetched: what the answers lack renders as the browser renders it while
 * it waits (the visitor's navigation bar, spinners). A lazy part not loaded yet in this process
 * (its first render) is left for the browser; the server renders again once it has loaded
 * (apps/server/src/plugins/web.ts).
 */
export function renderFirstScreen(path: string, answers: unknown): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedFromAnswers(client, answers);
  try {
    return renderToString(<Root client={client} ssrPath={path} />);
  } finally {
    client.clear();
  }
}
