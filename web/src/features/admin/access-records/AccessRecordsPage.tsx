import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { accessActionLabels, accessActions, type AccessAction } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Pagination } from '@web/ui/Pagination';
import { Field } from '@web/ui/form/Field';
import { AccessRecordExportDialog } from './AccessRecordExportDialog';
import { useAccessRecords, useChainHead, type AccessRecordFilters } from './api';
import './access-records.css';

const isAction = (v: string | null): v is AccessAction => v !== null && (accessActions as string[]).includes(v);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The filters and page live in the URL (?from&to&actor&action&page), so a view can be shared and Back works. */
function filtersOf(params: URLSearchParams): AccessRecordFilters {
  const action = params.get('action');
  return {
    from: day(params.get('from')),
    to: day(params.get('to')),
    actor: params.get('actor')?.trim() || undefined,
    action: isAction(action) ? action : undefined,
  };
}

/** The filter in words, as the export's record states it. */
function describeFilters(f: AccessRecordFilters): string {
  const parts: string[] = [];
  if (f.from || f.to) parts.push(`기간 ${f.from ?? '처음'} ~ ${f.to ?? '현재'}`);
  if (f.actor) parts.push(`관리자 ${f.actor}`);
  if (f.action) parts.push(`작업 ${accessActionLabels[f.action]}`);
  return parts.length ? parts.join(', ') : '전체';
}

/** "2026-03-03T12:00:00+09:00" -> "2026-03-03 12:00:00" (already Korea time). */
const displayTime = (kstIso: string) => kstIso.slice(0, 19).replace('T', ' ');

/**
 * The end of the hash chain now (issue 25): its length and last hash, to be written down outside the
 * system (a paper log, a message to the privacy officer). A later `npm run verify-access-records --
 * --expect-count N --expect-hash H` then shows whether records were cut from the end since.
 */
function ChainHead() {
  const head = useChainHead();
  const titleId = useId();
  return (
    <section className="access-records__chain" aria-labelledby={titleId}>
      <h2 id={titleId}>해시 체인의 현재 끝</h2>
      {head.isError && (
        <p role="alert" className="form-message form-message--error">
          {head.error.message}
        </p>
      )}
      {head.isPending && <LoadingStatus />}
      {head.data && (
        <>
          <dl className="access-records__chain-facts">
            <dt>기록 수</dt>
            <dd>{head.data.count.toLocaleString('ko-KR')}건</dd>
            <dt>마지막 해시</dt>
            <dd>
              <code className="access-records__hash">{head.data.lastHash}</code>
            </dd>
            <dt>확인 시각</dt>
            <dd>{displayTime(head.data.checkedAt)}</dd>
          </dl>
          <p className="access-records__chain-hint">
            이 세 값을 시스템 밖(점검 일지, 개인정보 보호책임자에게 보내는 문서 등)에 적어 두세요. 나중에 서버에서{' '}
            <code>
              npm run verify-access-records -- --expect-count {head.data.count} --expect-hash {head.data.lastHash}
            </code>
            를 실행하면 그 뒤로 기록이 지워지거나 바뀌지 않았는지 확인할 수 있습니다.
          </p>
        </>
      )}
    </section>
  );
}

function FilterForm({ filters, onApply }: { filters: AccessRecordFilters; onApply: (next: AccessRecordFilters) => void }) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const action = text('action') ?? null;
    onApply({ from: text('from'), to: text('to'), actor: text('actor'), action: isAction(action) ? action : undefined });
  }
  return (
    <form className="admin-filters" role="search" aria-label="접근기록 검색" onSubmit={submit}>
      <Field id={`${id}-from`} label="시작일">
        {(control) => <input {...control} name="from" type="date" className="form-input" defaultValue={filters.from ?? ''} />}
      </Field>
      <Field id={`${id}-to`} label="종료일">
        {(control) => <input {...control} name="to" type="date" className="form-input" defaultValue={filters.to ?? ''} />}
      </Field>
      <Field id={`${id}-actor`} label="관리자 계정" hint="아이디(정확히) 또는 회원 번호">
        {(control) => <input {...control} name="actor" type="text" className="form-input" defaultValue={filters.actor ?? ''} autoComplete="off" />}
      </Field>
      <Field id={`${id}-action`} label="작업">
        {(control) => (
          <select {...control} name="action" className="form-input" defaultValue={filters.action ?? ''}>
            <option value="">전체</option>
            {accessActions.map((action) => (
              <option key={action} value={action}>
                {accessActionLabels[action]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          조회
        </button>
        <button type="button" className="button" onClick={() => onApply({})}>
          초기화
        </button>
      </div>
    </form>
  );
}

/**
 * `/admin/access-records` (issue 9, PIPA): who viewed, changed, exported or imported whose personal
 * data, when, from where and why; newest first, filtered by period, account and action, and
 * exported to Excel with a reason (the export is recorded too).
 */
export function Component() {
  useDocumentTitle('접근기록');
  const captionId = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAccessRecords(filters, page);
  const data = query.data;

  const toParams = (f: AccessRecordFilters, p = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(f)) if (value) next.set(key, value);
    if (p > 1) next.set('page', String(p));
    return next;
  };

  return (
    <div className="access-records">
      <div className="admin-page__head">
        <h1>접근기록</h1>
        <AccessRecordExportDialog filters={filters} summary={describeFilters(filters)} />
      </div>
      <p className="access-records__intro">
        관리자가 회원·문의·주소록의 개인정보를 조회, 변경, 다운로드하거나 관리자 권한을 바꾼 기록입니다. 기록은 수정하거나 지울 수 없으며 최소 2년간
        보관됩니다.
      </p>
      <ChainHead />
      <FilterForm key={params.toString()} filters={filters} onApply={(f) => setParams(toParams(f))} />
      {query.isError && (
        <p role="alert" className="form-message form-message--error">
          {query.error.message}
        </p>
      )}
      {query.isPending && <LoadingStatus />}
      {data && (
        <>
          <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="admin-table admin-table--stack access-records__table">
              <caption id={captionId}>
                접근기록 목록 (조건: {describeFilters(filters)}, 전체 {data.totalElements.toLocaleString('ko-KR')}건, {data.page}/{Math.max(1, data.totalPages)}
                페이지)
              </caption>
              <thead>
                <tr>
                  <th scope="col">일시</th>
                  <th scope="col">관리자</th>
                  <th scope="col">작업</th>
                  <th scope="col">대상</th>
                  <th scope="col">사유</th>
                  <th scope="col">건수</th>
                  <th scope="col">접속 주소</th>
                </tr>
              </thead>
              <tbody>
                {data.content.length === 0 && (
                  <tr>
                    <td colSpan={7} className="admin-empty">
                      조건에 맞는 접근기록이 없습니다.
                    </td>
                  </tr>
                )}
                {data.content.map((r) => (
                  <tr key={r.id}>
                    <td className="access-records__time" data-label="일시">
                      <time dateTime={r.at}>{displayTime(r.at)}</time>
                    </td>
                    <td data-label="관리자">{r.actorKey}</td>
                    <td data-label="작업">{r.actionLabel}</td>
                    <td className="access-records__subject" data-label="대상">
                      {r.subject}
                    </td>
                    <td data-label="사유">{r.reason ?? ''}</td>
                    <td className="access-records__count" data-label="건수">
                      {r.rowCount ?? ''}
                    </td>
                    <td data-label="접속 주소">{r.address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} totalPages={data.totalPages} pageTo={(p) => `?${toParams(filters, p).toString()}`} />
        </>
      )}
    </div>
  );
}
