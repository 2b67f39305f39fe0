import { useId, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedbackScoreLabel, feedbackScores, fixedScreens, screenPathKey, type FeedbackScreenSummary } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { koreaDate } from '@web/lib/korea-time';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Pagination } from '@web/ui/Pagination';
import { Field } from '@web/ui/form/Field';
import { FeedbackExportDialog } from './FeedbackExportDialog';
import { useFeedbackComments, useFeedbackSummary, type FeedbackPeriod } from './api';
import './feedback.css';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A calendar day in Korea, `days` from today. */
const koreaDay = (days = 0) => koreaDate(Date.now() + days * DAY_MS);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The view lives in the URL (?from&to&path&page): shareable, and Back works. The default period: the last 30 days. */
function viewOf(params: URLSearchParams) {
  return {
    period: { from: day(params.get('from')) ?? koreaDay(-29), to: day(params.get('to')) ?? koreaDay() },
    path: params.get('path') || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function toParams(period: FeedbackPeriod, path?: string, page = 1) {
  const next = new URLSearchParams({ from: period.from, to: period.to });
  if (path) next.set('path', path);
  if (page > 1) next.set('page', String(page));
  return next;
}

/** The fixed screens' titles by their key, so the table names 홈 or 연혁 beside the path. */
const titles = new Map<string, string>(Object.values(fixedScreens).map((s) => [screenPathKey(s.path), s.title]));

function ScreenName({ path }: { path: string }) {
  const title = titles.get(path);
  return (
    <>
      {title && <span className="feedback-admin__title">{title} </span>}
      <code>{path}</code>
    </>
  );
}

/** Best first, as the form lists the choices. */
const scoresBestFirst = feedbackScores.map((s) => s.score);

function PeriodForm({ period, onApply }: { period: FeedbackPeriod; onApply: (next: FeedbackPeriod) => void }) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply({ from: String(data.get('from') || period.from), to: String(data.get('to') || period.to) });
  }
  return (
    <form className="admin-filters" role="search" aria-label="만족도 조사 기간" onSubmit={submit}>
      <Field id={`${id}-from`} label="시작일">
        {(control) => <input {...control} name="from" type="date" className="form-input" defaultValue={period.from} />}
      </Field>
      <Field id={`${id}-to`} label="종료일">
        {(control) => <input {...control} name="to" type="date" className="form-input" defaultValue={period.to} />}
      </Field>
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          조회
        </button>
      </div>
    </form>
  );
}

function SummaryRow({ row, label, commentsTo }: { row: Omit<FeedbackScreenSummary, 'path'>; label: ReactNode; commentsTo?: string }) {
  return (
    <tr>
      <th scope="row" data-label="화면">
        {label}
      </th>
      <td className="feedback-admin__number" data-label="응답 수">
        {row.count.toLocaleString('ko-KR')}
      </td>
      <td className="feedback-admin__number" data-label="평균 점수">
        {row.count ? row.average.toFixed(2) : '-'}
      </td>
      {scoresBestFirst.map((score) => (
        <td key={score} className="feedback-admin__number" data-label={feedbackScoreLabel(score)}>
          {row.distribution[score - 1]!.toLocaleString('ko-KR')}
        </td>
      ))}
      <td data-label="의견">{commentsTo && <Link to={commentsTo}>의견 보기</Link>}</td>
    </tr>
  );
}

/**
 * `/admin/feedback` (issue 23, STATS_View): each screen's page-satisfaction answers in a period
 * (average score out of 5, count and how many chose each answer), the comments newest first, of
 * every screen or of one, shown as text, and the period's answers as Excel with a reason (recorded).
 */
export function Component() {
  useDocumentTitle('만족도 조사');
  const summaryCaption = useId();
  const commentsCaption = useId();
  const [params, setParams] = useSearchParams();
  const { period, path, page } = viewOf(params);
  const summary = useFeedbackSummary(period);
  const comments = useFeedbackComments(period, path, page);
  const periodWords = `${period.from} ~ ${period.to}`;

  return (
    <div className="feedback-admin">
      <div className="admin-page__head">
        <h1>만족도 조사</h1>
        <FeedbackExportDialog period={period} />
      </div>
      <p className="feedback-admin__intro">
        공개 화면 아래의 만족도 조사에 방문자가 남긴 응답입니다. 점수는 매우 만족 5점부터 매우 불만족 1점까지이며, 방문자의 주소나 쿠키는 저장하지 않습니다.
        응답은 2년간 보관됩니다.
      </p>
      <PeriodForm key={params.toString()} period={period} onApply={(p) => setParams(toParams(p))} />

      {summary.isError && (
        <p role="alert" className="form-message form-message--error">
          {summary.error.message}
        </p>
      )}
      {summary.isPending && <LoadingStatus />}
      {summary.data && (
        <div className="admin-table-wrap" role="region" aria-labelledby={summaryCaption} tabIndex={0}>
          <table className="admin-table admin-table--stack feedback-admin__table">
            <caption id={summaryCaption}>
              화면별 만족도 ({periodWords}, 응답 {summary.data.total.count.toLocaleString('ko-KR')}건)
            </caption>
            <thead>
              <tr>
                <th scope="col">화면</th>
                <th scope="col">응답 수</th>
                <th scope="col">평균 점수</th>
                {scoresBestFirst.map((score) => (
                  <th key={score} scope="col">
                    {feedbackScoreLabel(score)}
                  </th>
                ))}
                <th scope="col">의견</th>
              </tr>
            </thead>
            <tbody>
              {summary.data.screens.length === 0 && (
                <tr>
                  <td colSpan={9} className="admin-empty">
                    이 기간의 응답이 없습니다.
                  </td>
                </tr>
              )}
              {summary.data.screens.map((row) => (
                <SummaryRow key={row.path} row={row} label={<ScreenName path={row.path} />} commentsTo={`?${toParams(period, row.path).toString()}`} />
              ))}
            </tbody>
            {summary.data.screens.length > 0 && (
              <tfoot>
                <SummaryRow row={summary.data.total} label="전체" />
              </tfoot>
            )}
          </table>
        </div>
      )}

      <div className="feedback-admin__comments-head">
        <h2>의견</h2>
        {path && (
          <p>
            화면 <code>{path}</code>의 의견만 보는 중입니다. <Link to={`?${toParams(period).toString()}`}>모든 화면의 의견 보기</Link>
          </p>
        )}
      </div>
      {comments.isError && (
        <p role="alert" className="form-message form-message--error">
          {comments.error.message}
        </p>
      )}
      {comments.isPending && <LoadingStatus />}
      {comments.data && (
        <>
          <div className="admin-table-wrap" role="region" aria-labelledby={commentsCaption} tabIndex={0}>
            <table className="admin-table admin-table--stack feedback-admin__table">
              <caption id={commentsCaption}>
                의견 목록 ({periodWords}, 최신순, 전체 {comments.data.totalElements.toLocaleString('ko-KR')}건, {comments.data.page}/
                {Math.max(1, comments.data.totalPages)}페이지)
              </caption>
              <thead>
                <tr>
                  <th scope="col">날짜</th>
                  <th scope="col">화면</th>
                  <th scope="col">만족도</th>
                  <th scope="col">의견</th>
                </tr>
              </thead>
              <tbody>
                {comments.data.content.length === 0 && (
                  <tr>
                    <td colSpan={4} className="admin-empty">
                      이 기간의 의견이 없습니다.
                    </td>
                  </tr>
                )}
                {comments.data.content.map((c) => (
                  <tr key={c.id}>
                    <td data-label="날짜">
                      <time dateTime={c.day}>{c.day}</time>
                    </td>
                    <td data-label="화면">
                      <code>{c.path}</code>
                    </td>
                    <td data-label="만족도">{feedbackScoreLabel(c.score)}</td>
                    {/* Text as written: React sets it as text, never as HTML. */}
                    <td className="feedback-admin__comment" data-label="의견">
                      {c.comment}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={comments.data.page} totalPages={comments.data.totalPages} pageTo={(p) => `?${toParams(period, path, p).toString()}`} />
        </>
      )}
    </div>
  );
}
