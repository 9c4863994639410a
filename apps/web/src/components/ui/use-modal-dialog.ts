import { useEffect, useRef, type RefObject } from 'react';
import { pageHeading } from '../../lib/focus.ts';

/**
 * A native modal <dialog> (`ref`) shown while `open` is true; what it answers goes on the
 * dialog's close event (Escape, a `method="dialog"` form, or `open` turning false). The browser
 * gives the focus back to what had it before the dialog opened; once closed, `returnFocus`
 * may choose another place (its opener is gone: a row the change removed), and when what had
 * the focus is gone or disabled it goes to the page's heading instead of the top of the page.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  {
    open,
    onClose,
    returnFocus,
  }: {
    open: boolean;
    onClose: () => void;
    returnFocus?: () => HTMLElement | null;
  },
): () => void {
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, ref]);

  const closed = () => {
    onClose();
    // Checked once React has drawn the page after onClose, and after the browser's own return.
    requestAnimationFrame(() => {
      const chosen = returnFocus?.();
      if (chosen) {
        chosen.focus();
        return;
      }
      const now = document.activeElement;
      if (now && now !== document.body) return;
      const back = opener.current;
      const target =
        back instanceof HTMLElement && back.isConnected && !back.matches(':disabled') && back !== document.body ? back : pageHeading();
      target?.focus();
    });
  };

  return closed;
}
