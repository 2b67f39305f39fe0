import { useId, useRef, useState, type FormEvent } from 'react';
import type { Board, SearchType } from '../../../../../contract';
import { boardMessages } from '../../../../../contract';
import { apiDownload, saveBlob } from '../../../lib/api';

/** The list query of the screen (search, sort, category), without page: what the export repeats. */
export interface ExportListQuery {
  sort: string;
  searchType?: SearchType;
  keyword?: string;
  category?: string;
}

const REASON_MIN = 2;
const REASON_MAX = 200;

/**
 * 엑셀 다운로드 for administrators (issue 4): a modal dialog asks why (the server records it in
 * `export_log`), then the .xlsx of the list as it is on screen is downloaded with the bearer token.
 * Escape or 취소 closes the dialog and the focus goes back to the button.
 */
export function ExportButton({ board, query }: { board: Board; query: ExportListQuery }) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  const titleId = `${id}-title`;
  const reasonId = `${id}-reason`;
  const errorId = `${id}-reason-error`;
  const hintId = `${id}-reason-hint`;

  function open() {
    setReason('');
    setFieldError('');
    setFailure('');
    setDone('');
    dialogRef.current?.showModal();
    reasonRef.current?.focus();
  }

  function close() {
    dialogRef.current?.close();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN) {
      setFieldError(trimmed ? `다운로드 사유를 ${REASON_MIN}자 이상 입력해주세요.` : boardMessages.exportReasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setFieldError('');
    setFailure('');
    setBusy(true);
    try {
      const { blob, fileName } = await apiDownload(`/api/board-item/download-data/${encodeURIComponent(board.boardCode)}`, {
        ...query,
        reason: trimmed,
      });
      saveBlob(blob, fileName ?? `${board.name}.xlsx`);
      setDone('엑셀 파일을 내려받았습니다.');
      close();
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
      <dialog
        ref={dialogRef}
        className="board-export-dialog"
        aria-labelledby={titleId}
        // Escape (cancel) and 취소 both end in `close`; the focus goes back to the button.
        onClose={() => buttonRef.current?.focus()}
      >
        <form className="board-export-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
          <h2 className="board-export-dialog__title" id={titleId}>
            {board.name} 목록 엑셀 다운로드
          </h2>
          <p className="board-export-dialog__note" id={hintId}>
            지금 보고 계신 목록(검색 조건 포함)을 내려받습니다. 개인정보 보호를 위해 다운로드 사유가 기록됩니다.
          </p>
          <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={reasonId}>
              다운로드 사유<span className="form-field__required">(필수)</span>
            </label>
            <textarea
              ref={reasonRef}
              id={reasonId}
              name="reason"
              className="form-input form-textarea"
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (fieldError && event.target.value.trim().length >= REASON_MIN) setFieldError('');
              }}
              aria-required="true"
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
            />
            {fieldError && (
              <p className="form-field__error" id={errorId}>
                {fieldError}
              </p>
            )}
          </div>
          <div role="alert" className={failure ? 'form-message form-message--error' : undefined}>
            {failure && <p>{failure}</p>}
          </div>
          <div className="board-export-dialog__actions">
            <button type="button" className="button" onClick={close}>
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
