import { useEffect, useRef, useState } from 'react';
import { inquiryMessages, inquiryStatuses, inquiryStatusLabels, type InquiryDetail, type InquiryStatus } from '@contract';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useInquiry, useUpdateInquiry } from './api';

/** One inquiry: the question and contact details, an answer written in place, the status. */
export function InquiryDetailPanel({ itemNo, onClose }: { itemNo: number; onClose: () => void }) {
  const query = useInquiry(itemNo);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening an inquiry moves the focus to it, so a keyboard or screen-reader user lands there.
  useEffect(() => {
    if (query.data) heading.current?.focus();
  }, [query.data?.itemNo]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="inquiry-detail" aria-labelledby="inquiry-detail-title">
      {!query.data ? (
        <QueryState query={query} label="문의" />
      ) : (
        <>
          <h2 id="inquiry-detail-title" ref={heading} tabIndex={-1}>
            {query.data.title}
          </h2>
          <InquiryBody key={query.data.itemNo} inquiry={query.data} />
          <button type="button" className="button" onClick={onClose}>
            닫기
          </button>
        </>
      )}
    </section>
  );
}

function InquiryBody({ inquiry }: { inquiry: InquiryDetail }) {
  const update = useUpdateInquiry(inquiry.itemNo);
  const [answer, setAnswer] = useState(inquiry.answer ?? '');
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(patch: { answer?: string; status?: InquiryStatus }, done: string) {
    setResult(null);
    try {
      const saved = await update.mutateAsync(patch);
      setStatus(saved.status);
      setResult({ ok: true, text: done });
    } catch (err) {
      setResult({ ok: false, text: err instanceof Error ? err.message : '저장하지 못했습니다.' });
    }
  }

  return (
    <>
      <dl className="admin-facts">
        <dt>번호</dt>
        <dd>{inquiry.itemNo}</dd>
        <dt>작성자</dt>
        <dd>
          {inquiry.writerName} ({inquiry.byMember ? '회원' : '비회원'})
        </dd>
        <dt>이메일</dt>
        <dd>{inquiry.contact.email ?? '-'}</dd>
        <dt>연락처</dt>
        <dd>{inquiry.contact.phone ?? '-'}</dd>
        <dt>접수일</dt>
        <dd>{inquiry.createdDate.slice(0, 16).replace('T', ' ')}</dd>
        <dt>처리 상태</dt>
        <dd>{inquiryStatusLabels[inquiry.status]}</dd>
      </dl>
      {/* Sanitised by the server against its allow-list, as on the board's own view. */}
      <div className="inquiry-detail__content board-content" dangerouslySetInnerHTML={{ __html: inquiry.content }} />

      <form
        className="inquiry-detail__answer"
        aria-label="답변"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ answer }, inquiryMessages.answered);
        }}
      >
        <label className="admin-field" htmlFor="inquiry-answer">
          <span>답변 (문의하신 분께 이메일로 보내집니다)</span>
          <textarea id="inquiry-answer" className="form-input form-textarea" rows={6} maxLength={10000} value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {inquiry.answer ? '답변 수정' : '답변 등록'}
        </button>
      </form>

      <form
        className="inquiry-detail__status"
        aria-label="처리 상태 변경"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ status }, inquiryMessages.statusChanged);
        }}
      >
        <div className="admin-field">
          <label htmlFor="inquiry-status">처리 상태</label>
          <select id="inquiry-status" className="form-input form-select" value={status} onChange={(e) => setStatus(e.target.value as InquiryStatus)}>
            {inquiryStatuses.map((s) => (
              <option key={s} value={s}>
                {inquiryStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={update.isPending}>
          상태 변경
        </button>
      </form>
      <SaveResult result={result} />
    </>
  );
}
