import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './app/root.tsx';
import { queryClient } from './lib/query-client.ts';
import { seedFromFirstPaintData } from './lib/first-paint-data.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// What the server put in the HTML for this page (the newest tools, a tool, the store's
// configuration) is in the query cache before the first render: no API round trip to paint it.
seedFromFirstPaintData(queryClient);

const tree = <Root client={queryClient} />;
if (root.firstElementChild) {
  // The server sent the page's first screen, rendered from those same answers
  // (docs/decisions/017): React takes over its markup rather than drawing it again, in a
  // transition, so the work comes in short tasks and a tap meanwhile is answered first.
  startTransition(() => {
    hydrateRoot(root, tree);
  });
} else {
  createRoot(root).render(tree);
}
