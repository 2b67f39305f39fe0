import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { alumniSorts, type AlumniRecord, type AlumniSort } from '@contract';
import { saveBlob } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Pagination } from '@web/ui/Pagination';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';
import { accessReasonProblem } from '../shared/access-reason';
import { useToast } from '@web/ui/toast/Toast';
import { exportAlumni } from './api/alumni-excel';
import { useAlumniList } from './api/list-alumni';
import { AlumniDeleteDialog } from './components/AlumniDeleteDialog';
import { AlumniFormDialog } from './components/AlumniFormDialog';
import { AlumniImportDialog } from './components/AlumniImportDialog';
import { AlumniSearchForm } from './components/AlumniSearchForm';
import { AlumniTable } from './components/AlumniTable';
import './alumni.css';

const PAGE_SIZE = 20;
const sortLabels: Record<AlumniSort, string> = {
  'createdDate,DESC': '최근 등록순',
  'createdDate,ASC': '오래된 등록순',
  'name,ASC': '이름 가나다순',
  'name,DESC': '이름 역순',
};

type Dialog =
  | { kind: 'form'; record: AlumniRecord | null }
  | { kind: 'delete'; record: AlumniRecord }
  | { kind: 'import' }
  | null;

/** The list's state lives in the URL (?page, keyword, sort), so a search can be linked and reloaded. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword')?.trim() ?? '';
  const sortParam = params.get('sort') as AlumniSort | null;
  const sort = sortParam && alumniSorts.includes(sortParam) ? sortParam : 'createdDate,DESC';
  const hrefOf = (next: { page?: number; keyword?: string; sort?: AlumniSort }) => {
    const q = new URLSearchParams();
    const k = next.keyword ?? keyword;
    const s = next.sort ?? sort;
    if (k) q.set('keyword', k);
    if (s !== 'createdDate,DESC') q.set('sort', s);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    return `?${q}`;
  };
  return { page, keyword, sort, hrefOf, go: (next: Parameters<typeof hrefOf>[0]) => setParams(new URLSearchParams(hrefOf(next))) };
}

/** 주소록 (spec §7, issue 9): search, paging, add, edit, delete, Excel export and import. */
export function Component() {
  useDocumentTitle('주소록 관리');
  const { page, keyword, sort, hrefOf, go } = useListParams();
  const list = useAlumniList({ page, size: PAGE_SIZE, keyword: keyword || undefined, sort });
  const [dialog, setDialog] = useState<Dialog>(null);
  // Saved, deleted, downloaded: notices that need no answer, so toasts (ui/toast) rather than alerts.
  const toast = useToast();
  const opener = useRef<HTMLElement | null>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  function open(next: NonNullable<Dialog>, from: HTMLElement) {
    opener.current = from;
    setDialog(next);
  }

  /** Back to the button that opened the dialog, or to the list when that row is gone (deleted). */
  function close(message?: string, toList = false) {
    setDialog(null);
    if (message) toast.show(message, 'success');
    const back = toList ? null : opener.current;
    requestAnimationFrame(() => (back?.isConnected ? back.focus() : resultsRef.current?.focus()));
  }

  const data = list.data;
  return (
    <section className="alumni" aria-labelledby="alumni-title">
      <h1 id="alumni-title" className="alumni__title">
        주소록
      </h1>
      <div className="alumni__toolbar">
        <AlumniSearchForm key={keyword} keyword={keyword} onSearch={(k) => go({ keyword: k, page: 1 })} />
        <div className="alumni__sort">
          <label htmlFor="alumni-sort" className="alumni__label">
            정렬
          </label>
          <select id="alumni-sort" className="form-input" value={sort} onChange={(e) => go({ sort: e.target.value as AlumniSort, page: 1 })}>
            {alumniSorts.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="alumni__actions">
          <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={(e) => open({ kind: 'form', record: null }, e.currentTarget)}>
            주소록 등록
          </button>
          <button type="button" className="button" aria-haspopup="dialog" onClick={(e) => open({ kind: 'import' }, e.currentTarget)}>
            엑셀 가져오기
          </button>
          <ReasonDialogButton
            label="엑셀 다운로드"
            title="주소록 엑셀 다운로드"
            note={`${keyword ? `검색어 ‘${keyword}’에 맞는 주소록을` : '주소록 전체를'} 엑셀 파일로 내려받습니다. 이 파일은 그대로 다시 가져올 수 있습니다. 개인정보 보호를 위해 사유가 접근기록에 남습니다.`}
            fieldLabel="다운로드 사유"
            check={accessReasonProblem}
            submitLabel="다운로드"
            busyLabel="내려받는 중…"
            failureMessage="엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요."
            onSubmit={async (reason) => {
              const { blob, fileName } = await exportAlumni({ keyword: keyword || undefined, reason });
              saveBlob(blob, fileName ?? '주소록.xlsx');
              toast.show('주소록 엑셀 파일을 내려받았습니다.', 'success');
            }}
          />
        </div>
      </div>

      <h2 className="alumni__results" ref={resultsRef} tabIndex={-1}>
        {keyword ? `‘${keyword}’ 검색 결과` : '전체 목록'}
        {data && <span className="alumni__count"> {data.totalElements.toLocaleString('ko-KR')}건</span>}
      </h2>
      {list.isPending && <LoadingStatus />}
      {list.isError && (
        <p role="alert" className="form-message form-message--error">
          {list.error.message}
        </p>
      )}
      {data && data.content.length === 0 && <p className="admin-empty">{keyword ? '검색 결과가 없습니다.' : '등록된 주소록이 없습니다.'}</p>}
      {data && data.content.length > 0 && (
        <AlumniTable
          rows={data.content}
          onEdit={(record, from) => open({ kind: 'form', record }, from)}
          onDelete={(record, from) => open({ kind: 'delete', record }, from)}
        />
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} pageTo={(n) => hrefOf({ page: n })} />}

      <AlumniFormDialog
        open={dialog?.kind === 'form'}
        record={dialog?.kind === 'form' ? dialog.record : null}
        onClose={() => close()}
        onSaved={(message) => close(message)}
      />
      <AlumniDeleteDialog record={dialog?.kind === 'delete' ? dialog.record : null} onClose={() => close()} onDeleted={(message) => close(message, true)} />
      <AlumniImportDialog open={dialog?.kind === 'import'} onClose={() => close()} />
    </section>
  );
}
