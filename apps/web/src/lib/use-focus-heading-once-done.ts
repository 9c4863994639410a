import { useRef } from 'react';
import { pageHeading } from './focus.ts';

/**
 * For a dialog whose action takes away the button that opened it (a cancelled order's Cancel,
 * a refunded one's Refund): `done()` once it has happened, and `returnFocus` sends the focus to
 * the page's heading then (to the opener otherwise, as a dialog does).
 */
export function useFocusHeadingOnceDone(): { done: () => void; returnFocus: () => HTMLElement | null } {
  const happened = useRef(false);
  return {
    done: () => {
      happened.current = true;
    },
    returnFocus: () => {
      const was = happened.current;
      happened.current = false;
      return was ? pageHeading() : null;
    },
  };
}
