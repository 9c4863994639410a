import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Whether a render failed because a page's code could not be fetched (offline, a new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk/i.test(
    message,
  );
}

interface Props {
  children: ReactNode;
  /** A new key (the location) clears a shown error: navigating away leaves it behind. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Around the routes, inside the app's frame: a page whose code fails to load, or that throws
 * while rendering, shows the navigation bar and a clear message with Retry, never a blank page.
 * Retry reloads the page: a lazy chunk that failed once is not fetched again without it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <section
        role="alert"
        aria-labelledby="page-error-title"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      >
        <h1 id="page-error-title" className="text-2xl font-bold text-primary">
          {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
        </h1>
        <p className="text-base-content/80">
          {chunk
            ? 'Check your connection and try again. If the store was just updated, Retry loads the new version.'
            : 'Please try again. If it keeps happening, go back to the home page.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Retry
          </button>
          <a href="/" className="btn btn-outline">
            Home
          </a>
        </div>
      </section>
    );
  }
}
