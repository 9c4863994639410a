import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';

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
  resetKey?: string;
  /**
   * Around the whole app: the frame itself failed (the navigation bar or the footer, say on an
   * answer of an unexpected shape), so the message comes in a plain frame of its own.
   */
  frame?: boolean;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
}

/**
 * Around the routes, inside the app's frame: a page whose code fails to load, or that throws
 * while rendering, shows the navigation bar and a clear message with Retry, never a blank page.
 * Retry reloads the page: a lazy chunk that failed once is not fetched again without it.
 * With `frame`, around the whole app: an error the routes' boundary cannot catch shows the same
 * message in a plain frame (the brand and the main links, as ordinary links): never white.
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
    const message = <PageErrorMessage error={this.state.error} />;
    return this.props.frame ? <PlainFrame>{message}</PlainFrame> : message;
  }
}

/** The message both boundaries show: what happened, Retry (a reload) and Home. */
function PageErrorMessage({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
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

const frameLinks = [
  ['/', 'Home'],
  ['/tools', 'Tools'],
  ['/portfolio', 'portfolio'],
  ['/blogs', 'Blogs'],
] as const;

/** The brand and the main links, as ordinary links that load the page afresh. */
function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <header className="border-b border-base-300">
        <nav className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2" aria-label="Main">
          <a href="/" className="flex items-center gap-2 rounded-field text-xl font-extrabold tracking-tight text-primary">
            <BrandMark />
            <span>
              Tools<span className="text-amber-700">ify</span>
            </span>
            <span className="sr-only">Manufacturer LTD., home</span>
          </a>
          <ul className="flex flex-wrap items-center gap-1">
            {frameLinks.map(([href, label]) => (
              <li key={href}>
                <a
                  href={href}
                  className="block rounded-field px-2 py-2 font-medium text-base-content/80 hover:bg-base-200 hover:text-primary sm:px-3"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
