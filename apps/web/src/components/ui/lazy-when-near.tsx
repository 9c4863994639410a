import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * Renders a lazily loaded part of a page once it comes within `margin` of the screen, at
 * once when the address points at one of its `anchors` (e.g. /#contact), or on the first Tab
 * key press (a keyboard user must never tab past a part that is still on its way). Its code
 * is thus not part of the page's first download. Until then a placeholder of `minHeight` keeps the
 * layout steady; a failed download shows a message with Retry.
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
  const started = useRef(false);
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const anchorList = anchors.join(' ');

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setFailed(false);
    load().then(
      (module) => setLoaded(() => module.default),
      () => {
        started.current = false;
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
      if (event.key === 'Tab') start();
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

  // The address named a section inside: now that it exists, go there.
  useEffect(() => {
    if (!Loaded) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && anchorList.split(' ').includes(id)) document.getElementById(id)?.scrollIntoView();
  }, [Loaded, anchorList]);

  if (Loaded) return <Loaded />;
  return (
    <section
      ref={placeholder}
      style={{ minHeight }}
      aria-busy={!failed}
      aria-label={label}
      className="flex items-start justify-center pt-16"
    >
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
