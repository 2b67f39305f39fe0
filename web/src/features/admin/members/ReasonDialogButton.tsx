import { useId, useRef, useState, type FormEvent } from 'react';

interface Props {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  note: string;
  fieldLabel: string;
  /** A required reason (exports, retirement) or an optional one (reveal). */
  required: boolean;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  disabled?: boolean;
  /** Runs with the trimmed reason; a thrown error's message is shown in the dialog. */
  onSubmit: (reason: string) => Promise<void>;
}

const REASON_MAX = 500;

/**
 * A button that opens a modal dialog asking why (issue 9: exports, retirement and reveals carry a
 * reason into the access records). Escape or 취소 closes it and the focus goes back to the button.
 */
export function ReasonDialogButton({ label, title, note, fieldLabel, required, submitLabel, busyLabel, danger, disabled, onSubmit }: Props) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  function open() {
    setReason('');
    setFieldError('');
    setFailure('');
    dialogRef.current?.showModal();
    reasonRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (required && !trimmed) {
      setFieldError('사유를 입력해주세요.');
      reasonRef.current?.focus();
      return;
    }
    setFieldError('');
    setFailure('');
    setBusy(true);
    try {
      await onSubmit(trimmed);
      dialogRef.current?.close();
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : '요청을 처리하지 못했습니다. 잠시 후 다시 시도해주세요.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={danger ? 'button admin-button--danger' : 'button'}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={open}
      >
        {label}
      </button>
      <dialog ref={dialogRef} className="admin-dialog" aria-labelledby={`${id}-title`} onClose={() => buttonRef.current?.focus()}>
        <form className="admin-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
          <h2 className="admin-dialog__title" id={`${id}-title`}>
            {title}
          </h2>
          <p className="admin-dialog__note" id={`${id}-note`}>
            {note}
          </p>
          <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-reason`}>
              {fieldLabel}
              <span className={required ? 'form-field__required' : 'form-field__optional'}>{required ? '(필수)' : '(선택)'}</span>
            </label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              name="reason"
              className="form-input form-textarea"
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (fieldError && event.target.value.trim()) setFieldError('');
              }}
              aria-required={required}
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? `${id}-error ${id}-note` : `${id}-note`}
            />
            {fieldError && (
              <p className="form-field__error" id={`${id}-error`}>
                {fieldError}
              </p>
            )}
          </div>
          <div role="alert" className={failure ? 'form-message form-message--error' : undefined}>
            {failure && <p>{failure}</p>}
          </div>
          <div className="admin-dialog__actions">
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              취소
            </button>
            <button type="submit" className={danger ? 'button admin-button--danger' : 'button button--primary'} disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
