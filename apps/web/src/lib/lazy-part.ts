import { lazy, type LazyExoticComponent } from 'react';

/** Any component React's `lazy` takes (its own bound). */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** The code of the lazy parts that have started loading and not finished. */
const loading = new Set<Promise<unknown>>();

/**
 * React's `lazy`, whose loading the server's first-screen render can wait for
 * (entry-server.tsx): `renderToString` meets a lazy part whose code has not loaded yet, starts
 * loading it and leaves its boundary unfinished; the server then waits for partsLoading() and
 * renders again. Every lazy part of the app is made with this.
 */
export function lazyPart<T extends LazyComponent>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => {
    const loaded = load();
    loading.add(loaded);
    void loaded.finally(() => loading.delete(loaded)).catch(() => {});
    return loaded;
  });
}

/** Settles once the code of every lazy part that has started loading has loaded (or failed to). */
export function partsLoading(): Promise<unknown> {
  return Promise.allSettled(loading);
}
