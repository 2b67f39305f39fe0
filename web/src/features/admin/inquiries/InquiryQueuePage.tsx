import { useSearchParams } from 'react-router';
import { inquiryStatuses, inquiryStatusLabels, type InquiryStatus } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Pagination } from '@web/ui/Pagination';
import { QueryState } from '../shared/SettingsQueryState';
import { useInquiries } from './api';
import { InquiryDetailPanel } from './InquiryDetailPanel';
import '@web/ui/form/forms.css';
import './inquiries.css';

const PAGE_SIZE = 20;

/** 문의 (issue 9): the contact-us board as a queue, filtered by status, answered in place. */
export function Component() {
  useDocumentTitle('문의 관리');
  const [params, setParams] = useSearchParams();
  const status = inquiryStatuses.find((s) => s === params.get('status'));
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const item = Number(params.get('item')) || null;
  const query = useInquiries({ status, keyword: keyword || undefined, page, size: PAGE_SIZE });

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    return next;
  };
  const filterTo = (next: InquiryStatus | undefined) => setParams(withParams({ status: next ?? null, page: null, item: null }));
  const counts = query.data?.counts;
  const total = counts ? counts.RECEIVED + counts.IN_PROGRESS + counts.DONE : null;

  return (
    <section className="admin-screen" aria-labelledby="inquiries-title">
      <h1 id="inquiries-title">문의 관리</h1>
      <div className="inquiry-filters">
        <div className="inquiry-tabs" role="group" aria-label="처리 상태로 거르기">
          <button type="button" className="button" aria-pressed={status === undefined} onClick={() => filterTo(undefined)}>
            전체{total !== null && ` (${total})`}
          </button>
          {inquiryStatuses.map((s) => (
            <button key={s} type="button" className="button" aria-pressed={status === s} onClick={() => filterTo(s)}>
              {inquiryStatusLabels[s]}
              {counts && ` (${counts[s]})`}
            </button>
          ))}
        </div>
        {/* Read when sent, as the other search boxes are; drawn again with the address's keyword (Back shows that search's words). */}
        <form
          key={keyword}
          role="search"
          aria-label="문의 검색"
          className="inquiry-search"
          onSubmit={(e) => {
            e.preventDefault();
            const typed = String(new FormData(e.currentTarget).get('keyword') ?? '');
            setParams(withParams({ keyword: typed.trim(), page: null, item: null }));
          }}
        >
          <label htmlFor="inquiry-keyword" className="visually-hidden">
            검색어 (제목, 작성자, 이메일)
          </label>
          <input id="inquiry-keyword" name="keyword" className="form-input" type="search" placeholder="제목, 작성자, 이메일" defaultValue={keyword} />
          <button type="submit" className="button">
            검색
          </button>
        </form>
      </div>

      {!query.data ? (
        <QueryState query={query} label="문의 목록" />
      ) : (
        <>
          <div className="admin-table-wrap" role="region" aria-labelledby="inquiries-caption" tabIndex={0}>
            <table className="admin-table admin-table--stack">
              <caption id="inquiries-caption">
                {status ? inquiryStatusLabels[status] : '전체'} 문의 {query.data.totalElements.toLocaleString('ko-KR')}건
                {keyword && ` (검색어: ${keyword})`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">번호</th>
                  <th scope="col">제목</th>
                  <th scope="col">작성자</th>
                  <th scope="col">상태</th>
                  <th scope="col">접수일</th>
                  <th scope="col">답변일</th>
                </tr>
              </thead>
              <tbody>
                {query.data.content.length === 0 && (
                  <tr>
                    <td colSpan={6} className="admin-empty">
                      문의가 없습니다.
                    </td>
                  </tr>
                )}
                {query.data.content.map((inquiry) => (
                  <tr key={inquiry.itemNo} aria-current={inquiry.itemNo === item ? 'true' : undefined}>
                    <td data-label="번호">{inquiry.itemNo}</td>
                    <th scope="row">
                      <button type="button" className="link-button" onClick={() => setParams(withParams({ item: String(inquiry.itemNo) }))}>
                        {inquiry.title}
                      </button>
                    </th>
                    <td data-label="작성자">{inquiry.writerName}</td>
                    <td data-label="상태">
                      <span className={`inquiry-status inquiry-status--${inquiry.status.toLowerCase()}`}>{inquiryStatusLabels[inquiry.status]}</span>
                    </td>
                    <td data-label="접수일">{inquiry.createdDate.slice(0, 10)}</td>
                    <td data-label="답변일">{inquiry.answeredDate?.slice(0, 10) ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={query.data.totalPages} pageTo={(n) => ({ search: `?${withParams({ page: String(n), item: null })}` })} />
        </>
      )}

      {item !== null && <InquiryDetailPanel itemNo={item} onClose={() => setParams(withParams({ item: null }))} />}
    </section>
  );
}
