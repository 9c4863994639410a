import { useEffect, useId, useRef, type ReactNode } from 'react';

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
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} aria-describedby={bodyId} onClose={onClose}>
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
