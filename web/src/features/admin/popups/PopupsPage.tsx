import { useRef, useState } from 'react';
import { popupScreenLabels, popupStateLabels, type AdminPopup } from '@contract';
import { Dialog, DialogActions, DialogFailure } from '@web/ui/Dialog';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QueryState } from '../shared/SettingsQueryState';
import { failureText } from '../shared/contract-form';
import { useAdminPopups, useDeletePopup } from './api';
import { PopupForm } from './PopupForm';
import { formatKoreanDateTime } from './popup-time';
import './popups.css';

/**
 * 팝업 관리 (issue 22, CONTENT_Manage): every pop-up with its period, where it shows and its state
 * (게시중, 예정, 종료 by the server's clock), a form to add or change one, and deletion after a
 * question.
 */
export function Component() {
  useDocumentTitle('팝업 관리');
  const query = useAdminPopups();
  const [editing, setEditing] = useState<AdminPopup | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminPopup | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  function done(message: string) {
    setEditing(null);
    setNotice(message);
    heading.current?.focus();
  }

  return (
    <section className="admin-screen" aria-labelledby="popups-title">
      <div className="admin-page__head">
        <h1 id="popups-title" ref={heading} tabIndex={-1}>
          팝업 관리
        </h1>
        {editing === null && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            새 팝업 등록
          </button>
        )}
      </div>
      <div role="status" className={notice ? 'form-message form-message--success' : undefined}>
        {notice && <p>{notice}</p>}
      </div>
      {editing !== null && <PopupForm key={editing === 'new' ? 'new' : editing.id} popup={editing === 'new' ? null : editing} onDone={done} />}
      {!query.data ? (
        <QueryState query={query} label="팝업 목록" />
      ) : query.data.content.length === 0 ? (
        <p className="admin-empty">등록된 팝업이 없습니다.</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-label="팝업 목록 표" tabIndex={0}>
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">팝업 목록 ({query.data.content.length}개)</caption>
            <thead>
              <tr>
                <th scope="col">제목</th>
                <th scope="col">기간 (한국 시각)</th>
                <th scope="col">표시 위치</th>
                <th scope="col">상태</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {query.data.content.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.title}</th>
                  <td data-label="기간">
                    {formatKoreanDateTime(p.startsAt)} ~ {formatKoreanDateTime(p.endsAt)}
                  </td>
                  <td data-label="표시 위치">{popupScreenLabels[p.screen]}</td>
                  <td data-label="상태">
                    <span className={`popup-state popup-state--${p.state}`}>{popupStateLabels[p.state]}</span>
                  </td>
                  <td data-label="관리" className="popup-actions">
                    <button type="button" className="button button--small" onClick={() => { setNotice(''); setEditing(p); }}>
                      수정<span className="visually-hidden">: {p.title}</span>
                    </button>
                    <button type="button" className="button button--small button--danger" onClick={() => setRemoving(p)}>
                      삭제<span className="visually-hidden">: {p.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DeleteDialog popup={removing} onClose={(message) => { setRemoving(null); if (message) done(message); }} />
    </section>
  );
}

function DeleteDialog({ popup, onClose }: { popup: AdminPopup | null; onClose: (message: string) => void }) {
  const remove = useDeletePopup();
  const [failure, setFailure] = useState('');
  return (
    <Dialog open={popup !== null} title="팝업 삭제" width="narrow" onClose={() => onClose('')} describedBy="popup-delete-question">
      <p id="popup-delete-question">‘{popup?.title}’ 팝업을 삭제할까요? 삭제하면 되돌릴 수 없습니다.</p>
      <DialogFailure message={failure} />
      <DialogActions
        onCancel={() => onClose('')}
        busy={remove.isPending}
        actionLabel="삭제"
        busyLabel="삭제 중…"
        danger
        onAction={() => {
          if (!popup) return;
          setFailure('');
          remove.mutate(popup.id, { onSuccess: () => onClose('팝업을 삭제했습니다.'), onError: (err) => setFailure(failureText(err, '삭제하지 못했습니다.')) });
        }}
      />
    </Dialog>
  );
}
