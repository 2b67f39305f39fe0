import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  /** Called when the dialog closes by Escape, 취소 or the page (never by itself). */
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/**
 * A modal dialog of the address book: the native <dialog>, so the focus stays inside while it
 * is open and Escape closes it; its title names it. The page decides where the focus goes
 * after it closes (the button that opened it, or the list when that row is gone).
 */
export function AlumniDialog({ open, title, onClose, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={`alumni-dialog${wide ? ' alumni-dialog--wide' : ''}`} aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <div className="alumni-dialog__body">
          <h2 className="alumni-dialog__title" id={titleId}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
