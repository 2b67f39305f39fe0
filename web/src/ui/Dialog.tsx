import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

interface Props {
  open: boolean;
  title: string;
  /** Called when the dialog closes by Escape, 취소 or the page (never by itself). */
  onClose: () => void;
  children: ReactNode;
  /** The id of the text that says what the dialog is about, read with its title. */
  describedBy?: string;
  /** Narrow for a question or two, wide for tables. */
  width?: 'narrow' | 'wide';
}

/**
 * A modal dialog: the native <dialog>, so the focus stays inside while it is open, the first
 * field (or button) takes it on opening, and Escape closes it; its title names it. The caller
 * decides where the focus goes after it closes (the button that opened it, or a list when that
 * row is gone). The content is mounted only while it is open, so each opening starts afresh.
 */
export function Dialog({ open, title, onClose, children, describedBy, width }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={width ? `dialog dialog--${width}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={open ? describedBy : undefined}
      onClose={onClose}
    >
      {open && (
        <div className="dialog__body">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** A dialog's failure line: the live region stays in place, so a message put in it is read out. */
export function DialogFailure({ message }: { message: string }) {
  return (
    <div role="alert" className={message ? 'form-message form-message--error' : undefined}>
      {message && <p>{message}</p>}
    </div>
  );
}

interface ActionsProps {
  /** The way back: 취소 unless another word says it better (다른 파일 선택). */
  onCancel: () => void;
  cancelLabel?: string;
  busy: boolean;
  actionLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** Without it the action submits the dialog's form. */
  onAction?: () => void;
}

/**
 * A dialog's two buttons: the safe one first (a dialog that opens on its buttons puts the focus
 * there, so Enter does not act), then the action, disabled with its busy label while it runs.
 */
export function DialogActions({ onCancel, cancelLabel = '취소', busy, actionLabel, busyLabel, danger, onAction }: ActionsProps) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={danger ? 'button button--danger' : 'button button--primary'}
        onClick={onAction}
        disabled={busy}
      >
        {busy ? busyLabel : actionLabel}
      </button>
    </div>
  );
}
