import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inquiryMessages, inquiryPatch, inquiryStatuses, inquiryStatusLabels, type InquiryDetail, type InquiryPatch } from '@contract';
import { Field } from '@web/ui/form/Field';
import { failureText, showRefusalAtField } from '../shared/contract-form';
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
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // The contract's rules for the patch (an answer's length; a blank answer is the server's to refuse), values as typed.
  const answerForm = useForm({ defaultValues: { answer: inquiry.answer ?? '' }, resolver: zodResolver(inquiryPatch.pick({ answer: true }).required(), undefined, { raw: true }) });
  const statusForm = useForm({ defaultValues: { status: inquiry.status }, resolver: zodResolver(inquiryPatch.pick({ status: true }).required(), undefined, { raw: true }) });

  async function run(patch: InquiryPatch, done: string) {
    setResult(null);
    try {
      const saved = await update.mutateAsync(patch);
      // An answer makes the inquiry 완료: the status form shows what the server kept.
      statusForm.setValue('status', saved.status);
      setResult({ ok: true, text: done });
    } catch (err) {
      setResult({ ok: false, text: failureText(err) });
      if ('answer' in patch) showRefusalAtField(answerForm.setError, err, (field) => (field === 'answer' ? 'answer' : null));
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
        noValidate
        onSubmit={(event) => void answerForm.handleSubmit((values) => run(values, inquiryMessages.answered))(event)}
      >
        <Field id="inquiry-answer" label="답변 (문의하신 분께 이메일로 보내집니다)" error={answerForm.formState.errors.answer?.message}>
          {(control) => <textarea {...control} {...answerForm.register('answer')} className="form-input form-textarea" rows={6} maxLength={10000} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {inquiry.answer ? '답변 수정' : '답변 등록'}
        </button>
      </form>

      <form
        className="inquiry-detail__status"
        aria-label="처리 상태 변경"
        noValidate
        onSubmit={(event) => void statusForm.handleSubmit((values) => run(values, inquiryMessages.statusChanged))(event)}
      >
        <Field id="inquiry-status" label="처리 상태" error={statusForm.formState.errors.status?.message}>
          {(control) => (
            <select {...control} {...statusForm.register('status')} className="form-input form-select">
              {inquiryStatuses.map((s) => (
                <option key={s} value={s}>
                  {inquiryStatusLabels[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={update.isPending}>
          상태 변경
        </button>
      </form>
      <SaveResult result={result} />
    </>
  );
}
