import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  busy?: boolean;
  /** The confirm button's colour: red for what removes or takes away (the default), primary otherwise. */
  tone?: 'error' | 'primary';
  onConfirm: () => void;
  /** Called on the dismiss button, Escape, or a click on the backdrop. */
  onClose: () => void;
  /**
   * Where the focus goes once it has closed; null (or none given): back to what opened it, as the
   * browser does, or to the page's heading when that is gone or disabled (useModalDialog).
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A modal confirmation on the native <dialog> (daisyUI's modal look): focus moves into it and
 * back, Escape closes it, and the page behind is inert while it is open. The safe choice has
 * the focus first.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy = false,
  tone = 'error',
  onConfirm,
  onClose,
  returnFocus,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closed = useModalDialog(ref, { open, onClose, returnFocus });
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} aria-describedby={bodyId} onClose={closed}>
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <div id={bodyId} className="py-4 text-base-content/80">
          {children}
        </div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} autoFocus>
            {dismissLabel}
          </button>
          <button type="button" className={`btn ${tone === 'error' ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
