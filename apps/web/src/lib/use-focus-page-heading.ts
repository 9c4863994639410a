import { useEffect, useRef } from 'react';
import { arrivalFocusId, shownPageHeading } from './focus.ts';

/**
 * After every page change (not the first load, not a link to a section such as /#contact),
 * moves the keyboard and screen-reader focus to the new page's heading, as a full page load
 * would start at the top: waits up to 10 s for a lazily loaded page to render it. A link that
 * asked for one of the page's fields (focusOnArrival) has that field focused instead.
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
      const asked = arrivalFocusId();
      const field = asked ? document.getElementById(asked) : null;
      const target = field ?? shownPageHeading();
      // Rendered but still hidden while part of the page loads (React's Suspense hides it): wait.
      if (target && target.getClientRects().length > 0) {
        if (!field && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        if (document.activeElement === target) return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [location]);
}
