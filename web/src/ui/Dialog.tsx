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
