import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/api';
import { exportAccessRecords, type AccessRecordFilters } from './api';

const REASON_MAX = 500;

/**
 * 엑셀 다운로드 of the access records as filtered on screen: a modal dialog asks why (required;
 * the export is itself written to the access records with it). Escape or 취소 closes it and the
 * focus goes back to the button.
 */
export function AccessRecordExportDialog({ filters, summary }: { filters: AccessRecordFilters; summary: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const ids = { title: `${id}-title`, note: `${id}-note`, reason: `${id}-reason`, error: `${id}-error` };

  function open() {
    setReason('');
    setFieldError('');
    setFailure('');
    setDone('');
    dialogRef.current?.showModal();
    reasonRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setFieldError('사유를 입력해주세요.');
      reasonRef.current?.focus();
      return;
    }
    setFieldError('');
    setFailure('');
    setBusy(true);
    try {
      const { blob, fileName } = await exportAccessRecords({ ...filters, reason: trimmed });
      saveBlob(blob, fileName ?? '접근기록.xlsx');
      setDone('접근기록 엑셀 파일을 내려받았습니다. 이 다운로드도 접근기록에 남았습니다.');
      dialogRef.current?.close();
      // The export wrote a record of its own: show it.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'access-records'] });
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : '엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button ref={buttonRef} type="button" className="button" aria-haspopup="dialog" onClick={open}>
        엑셀 다운로드
      </button>
      <p className="visually-hidden" role="status">
        {done}
      </p>
      <dialog ref={dialogRef} className="access-records-dialog" aria-labelledby={ids.title} onClose={() => buttonRef.current?.focus()}>
        <form className="access-records-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
          <h2 className="access-records-dialog__title" id={ids.title}>
            접근기록 엑셀 다운로드
          </h2>
          <p className="access-records-dialog__note" id={ids.note}>
            조회 조건({summary})에 맞는 접근기록을 내려받습니다. 다운로드 사유와 함께 이 다운로드도 접근기록에 남습니다.
          </p>
          <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={ids.reason}>
              다운로드 사유<span className="form-field__required">(필수)</span>
            </label>
            <textarea
              ref={reasonRef}
              id={ids.reason}
              name="reason"
              className="form-input form-textarea"
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (fieldError && event.target.value.trim()) setFieldError('');
              }}
              aria-required="true"
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? `${ids.error} ${ids.note}` : ids.note}
            />
            {fieldError && (
              <p className="form-field__error" id={ids.error}>
                {fieldError}
              </p>
            )}
          </div>
          <div role="alert" className={failure ? 'form-message form-message--error' : undefined}>
            {failure && <p>{failure}</p>}
          </div>
          <div className="access-records-dialog__actions">
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              취소
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? '내려받는 중…' : '다운로드'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
