import { useEffect, useRef } from 'react';

/**
 * The heading that names the page now shown: a dashboard page's own heading (inside
 * `[data-page-content]`), else the page's h1. Null while the page is still loading.
 */
export function pageHeading(root: ParentNode): HTMLElement | null {
  // In the dashboard, its page's own heading once that page has loaded (never the frame's h1).
  const content = root.querySelector<HTMLElement>('main [data-page-content]');
  if (content) return content.querySelector<HTMLElement>('h2, h1');
  return root.querySelector<HTMLElement>('main h1');
}

/**
 * After every page change (not the first load, not a link to a section such as /#contact),
 * moves the keyboard and screen-reader focus to the new page's heading, as a full page load
 * would start at the top: waits up to 10 s for a lazily loaded page to render it.
 */
export function useFocusPageHeading(location: string): void {
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return; // the first load, or a re-render
    shown.current = location;
    if (window.location.hash) return;
    let frame = 0;
    const deadline = performance.now() + 10_000;
    const tryFocus = () => {
      const heading = pageHeading(document);
      // Rendered but still hidden while part of the page loads (React's Suspense hides it): wait.
      if (heading && heading.getClientRects().length > 0) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        if (document.activeElement === heading) return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [location]);
}
