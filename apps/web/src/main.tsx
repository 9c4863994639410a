import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { LazyToaster } from './components/ui/lazy-toaster.tsx';
import { App } from './app/app.tsx';
import { PageErrorBoundary } from './components/layout/page-error-boundary.tsx';
import { queryClient } from './lib/query-client.ts';
import { seedFromFirstPaintData } from './lib/first-paint-data.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// What the server put in the HTML for this page (the newest tools, a tool, the store's
// configuration) is in the query cache before the first render: no API round trip to paint it.
seedFromFirstPaintData(queryClient);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Should the frame itself fail, a plain frame with the message: never a white page. */}
      <PageErrorBoundary frame>
        <App />
      </PageErrorBoundary>
      {/* The spec's toasts: top-right, 5000 ms, light; below the sticky navigation bar (4rem),
          never over Dashboard or Sign Out. */}
      <LazyToaster position="top-right" containerStyle={{ top: 72 }} toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  </StrictMode>,
);
