import { StrictMode } from 'react';
import { Router } from 'wouter';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { PageErrorBoundary } from '../components/layout/page-error-boundary.tsx';
import { App } from './app.tsx';

/**
 * The whole tree, the same in the browser and on the server (entry-server.tsx renders the home
 * page's first screen with it, main.tsx hydrates that HTML with it): one tree, so the markup
 * the server sends is the markup the browser's first render expects. `ssrPath` is the page's
 * path on the server; the browser reads its own address.
 */
export function Root({ client, ssrPath }: { client: QueryClient; ssrPath?: string }) {
  const app = (
    <QueryClientProvider client={client}>
      {/* Should the frame itself fail, a plain frame with the message: never a white page. */}
      <PageErrorBoundary frame>
        <App />
      </PageErrorBoundary>
      {/* The spec's toasts: top-right, 5000 ms, light; below the sticky navigation bar (4rem),
          never over Dashboard or Sign Out. */}
      <LazyToaster
        position="top-right"
        containerStyle={{ top: 72 }}
        toastOptions={{ duration: 5000, style: { overflowWrap: 'anywhere' } }}
      />
    </QueryClientProvider>
  );
  return <StrictMode>{ssrPath === undefined ? app : <Router ssrPath={ssrPath}>{app}</Router>}</StrictMode>;
}
