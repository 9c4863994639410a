import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Spinner } from './spinner.tsx';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Renders a lazily loaded part of a page once it comes within `margin` of the screen, at
 * once when the address points at one of its `anchors` (e.g. /#contact), or on the first Tab
 * key press. Its code is thus not part of the page's first download. Until then a placeholder
 * of `minHeight` keeps the layout steady; a failed download shows a message with Retry.
 *
 * A keyboard user never tabs past a part that is still on its way: the placeholder takes its
 * place in the Tab order, holds focus (a further Tab waits there) and, once the part has
 * rendered, hands focus to its first focusable element. Shift+Tab still leaves backwards.
 */
export function LazyWhenNear({
  load,
  anchors = [],
  minHeight = '100vh',
  margin = '800px',
  label,
}: {
  load: () => Promise<{ default: ComponentType }>;
  anchors?: string[];
  minHeight?: string;
  margin?: string;
  label: string;
}) {
  const placeholder = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const focusHeld = useRef(false);
  const everFailed = useRef(false);
  const started = useRef(false);
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const anchorList = anchors.join(' ');

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setFailed(false);
    load().then(
      (module) => {
        focusHeld.current = placeholder.current !== null && document.activeElement === placeholder.current;
        setLoaded(() => module.default);
      },
      () => {
        started.current = false;
        everFailed.current = true;
        setFailed(true);
      },
    );
  }, [load]);

  useEffect(() => {
    const targeted = () => anchorList.split(' ').includes(decodeURIComponent(window.location.hash.slice(1)));
    if (targeted()) start();
    const onHashChange = () => {
      if (targeted()) start();
    };
    window.addEventListener('hashchange', onHashChange);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      start();
      // Tab forward waits on the placeholder while the part loads, unless a download failed
      // (then Tab goes on to Retry and past it: a visitor offline is never stuck here).
      if (!event.shiftKey && event.target === placeholder.current && !everFailed.current) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    const element = placeholder.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: `${margin} 0px` });
      observer.observe(element);
    } else {
      start();
    }
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      window.removeEventListener('keydown', onKeyDown);
      observer?.disconnect();
    };
  }, [start, anchorList, margin]);

  // Focus waited on the placeholder: it goes on into the part, as the held Tab would have.
  useLayoutEffect(() => {
    if (!Loaded || !focusHeld.current) return;
    focusHeld.current = false;
    content.current?.querySelector<HTMLElement>(TABBABLE)?.focus();
  }, [Loaded]);

  // The address named a section inside: now that it exists, go there.
  useEffect(() => {
    if (!Loaded) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && anchorList.split(' ').includes(id)) document.getElementById(id)?.scrollIntoView();
  }, [Loaded, anchorList]);

  if (Loaded) {
    return (
      <div ref={content} className="contents">
        <Loaded />
      </div>
    );
  }
  return (
    <section
      ref={placeholder}
      // Focusable while it stands in for the part, so that Tab cannot skip it (see above).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={{ minHeight }}
      aria-busy={!failed}
      aria-label={label}
      className="group flex items-start justify-center pt-16"
    >
      {/* Whoever waits here by keyboard sees that something is on its way. */}
      {!failed && (
        <div className="hidden group-focus:block">
          <Spinner label={`Loading: ${label}`} />
        </div>
      )}
      {failed && (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p>This part of the page could not load. Check your connection and try again.</p>
          <button type="button" className="btn btn-sm" onClick={start}>
            Retry
          </button>
        </div>
      )}
    </section>
  );
}
