import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, DialogActions, DialogFailure } from './Dialog';
import { ReasonField, useReason, type ReasonCheck } from './form/ReasonField';

interface Props {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  /** What will happen, read with the title and after the field. */
  note: ReactNode;
  fieldLabel: string;
  /** A required reason (exports, retirement) or an optional one (reveal). */
  required?: boolean;
  /** The rule for the reason (the console's: features/admin/shared/access-reason.ts). */
  check: ReasonCheck;
  maxLength?: number;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  disabled?: boolean;
  /** Said when the request fails without a message of its own. */
  failureMessage?: string;
  /**
   * Runs with the trimmed reason; a thrown error's message is shown in the dialog, which stays
   * open. A returned sentence is announced once the dialog has closed.
   */
  onSubmit: (reason: string) => Promise<string | void>;
}

/**
 * A button that opens a modal dialog asking why (issue 9: exports, imports, reveals and
 * retirement carry a reason into the access records). The reason box takes the focus; Escape or
 * 취소 closes the dialog and the focus goes back to the button.
 */
export function ReasonDialogButton({ label, danger, disabled, ...dialog }: Props) {
  const noteId = `${useId()}-note`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={danger ? 'button button--danger' : 'button'}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => {
          setDone('');
          setOpen(true);
        }}
      >
        {label}
      </button>
      <p className="visually-hidden" role="status">
        {done}
      </p>
      <Dialog open={open} title={dialog.title} describedBy={noteId} width="narrow" onClose={close}>
        <ReasonForm
          {...dialog}
          noteId={noteId}
          danger={danger}
          onCancel={close}
          onDone={(message) => {
            close();
            if (message) setDone(message);
          }}
        />
      </Dialog>
    </>
  );
}

function ReasonForm({ noteId, note, fieldLabel, required = true, check, maxLength, submitLabel, busyLabel, danger, failureMessage, onSubmit, onCancel, onDone }: Omit<Props, 'label' | 'title' | 'disabled'> & {
  noteId: string;
  onCancel: () => void;
  onDone: (message: string | void) => void;
}) {
  const id = useId();
  const reason = useReason({ required, check });
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.validate();
    if (trimmed === null) return;
    setFailure('');
    setBusy(true);
    try {
      onDone(await onSubmit(trimmed));
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : (failureMessage ?? '요청을 처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
      setBusy(false);
    }
  }

  return (
    <form className="dialog__form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="dialog__note" id={noteId}>
        {note}
      </p>
      <ReasonField id={`${id}-reason`} label={fieldLabel} required={required} note={noteId} maxLength={maxLength} {...reason.field} />
      <DialogFailure message={failure} />
      <DialogActions onCancel={onCancel} busy={busy} actionLabel={submitLabel} busyLabel={busyLabel} danger={danger} />
    </form>
  );
}
