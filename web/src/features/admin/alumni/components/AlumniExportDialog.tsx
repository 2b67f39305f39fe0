import { useRef, useState, type FormEvent } from 'react';
import { alumniMessages } from '../../../../../../contract';
import { saveBlob } from '../../../../lib/api';
import { exportAlumni } from '../api/alumni-excel';
import { AlumniDialog } from './AlumniDialog';
import { AlumniReasonField } from './AlumniReasonField';

/** 엑셀 다운로드: the records the current search matches, after a required reason. */
export function AlumniExportDialog({ open, keyword, onClose, onDone }: {
  open: boolean;
  keyword: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <AlumniDialog open={open} title="주소록 엑셀 다운로드" onClose={onClose}>
      {open && <ExportForm keyword={keyword} onCancel={onClose} onDone={onDone} />}
    </AlumniDialog>
  );
}

function ExportForm({ keyword, onCancel, onDone }: { keyword: string; onCancel: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError(alumniMessages.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setError('');
    setFailure('');
    setBusy(true);
    try {
      const { blob, fileName } = await exportAlumni({ keyword: keyword || undefined, reason: reason.trim() });
      saveBlob(blob, fileName ?? '주소록.xlsx');
      onDone('주소록 엑셀 파일을 내려받았습니다.');
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '엑셀 파일을 내려받지 못했습니다.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="alumni-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="alumni-dialog__note">
        {keyword ? `검색어 ‘${keyword}’에 맞는 주소록을` : '주소록 전체를'} 엑셀 파일로 내려받습니다. 이 파일은 그대로 다시 가져올 수 있습니다.
      </p>
      <AlumniReasonField id="alumni-export-reason" label="다운로드 사유" value={reason} error={error} onChange={setReason} inputRef={reasonRef} />
      <div role="alert" className={failure ? 'form-message form-message--error' : undefined}>
        {failure && <p>{failure}</p>}
      </div>
      <div className="alumni-dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          취소
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? '내려받는 중…' : '다운로드'}
        </button>
      </div>
    </form>
  );
}
