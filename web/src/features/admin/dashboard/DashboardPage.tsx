import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPaths, type AdminDashboard } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { useAdminDashboard } from './api';
import './dashboard.css';

/** "2026-11-20T10:00:00+09:00" -> "2026-11-20 10:00" (already Korea time). */
const shortTime = (kstIso: string) => kstIso.slice(0, 16).replace('T', ' ');
const count = (n: number, unit: string) => `${n.toLocaleString('ko-KR')}${unit}`;

function Card({ id, title, to, linkLabel, children }: { id: string; title: string; to: string; linkLabel: string; children: ReactNode }) {
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <h2 className="dashboard-card__title" id={id}>
        {title}
      </h2>
      <dl className="dashboard-card__figures">{children}</dl>
      <p className="dashboard-card__more">
        <Link to={to} className="admin-link">
          {linkLabel}
        </Link>
      </p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="dashboard-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The newest changes to the site's own words (issue 22: content, menu, pop-ups), from the access
 * records: when, who (the staff account's sign-in ID) and what.
 */
function LatestChanges({ changes }: { changes: AdminDashboard['latestChanges'] }) {
  return (
    <section className="dashboard-changes" aria-labelledby="dashboard-changes">
      <h2 className="dashboard-card__title" id="dashboard-changes">
        최근 콘텐츠·메뉴·팝업 변경
      </h2>
      {changes.length === 0 ? (
        <p className="dashboard-changes__empty">아직 변경 기록이 없습니다.</p>
      ) : (
        <ol className="dashboard-changes__list">
          {changes.map((change) => (
            <li key={change.id} className="dashboard-change">
              <time dateTime={change.at}>{shortTime(change.at)}</time>
              <span>
                {change.actionLabel}: {change.subject}
              </span>
              <span className="dashboard-change__actor">{change.actorKey}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="dashboard-card__more">
        <Link to={adminPaths.accessRecords} className="admin-link">
          접근기록에서 모두 보기
        </Link>
      </p>
    </section>
  );
}

/** `/admin`: the console's first screen (issue 9): a few counts, each leading to its screen. */
export function Component() {
  useDocumentTitle('관리자 대시보드');
  const query = useAdminDashboard();
  const d = query.data;
  return (
    <div className="dashboard">
      <h1 className="dashboard__title">대시보드</h1>
      {query.isPending && <LoadingStatus />}
      {query.isError && (
        <p role="alert" className="form-message form-message--error">
          {query.error.message}
        </p>
      )}
      {d && (
        <>
          <p className="dashboard__period">
            최근 7일: {shortTime(d.weekFrom)} ~ {shortTime(d.at)} · 최근 24시간: {shortTime(d.dayFrom)} ~ {shortTime(d.at)}
          </p>
          <div className="dashboard__cards">
            <Card id="dashboard-members" title="회원" to={adminPaths.members} linkLabel="회원 관리로 이동">
              <Figure label="활동 회원" value={count(d.members.active, '명')} />
              <Figure label="최근 7일 신규 가입" value={count(d.members.newThisWeek, '명')} />
            </Card>
            <Card id="dashboard-posts" title="게시글과 댓글" to={adminPaths.boards} linkLabel="게시판 관리로 이동">
              <Figure label="전체 게시글" value={count(d.posts.total, '건')} />
              <Figure label="최근 7일 게시글" value={count(d.posts.thisWeek, '건')} />
              <Figure label="최근 7일 댓글" value={count(d.comments.thisWeek, '건')} />
            </Card>
            <Card id="dashboard-inquiries" title="문의" to={adminPaths.inquiries} linkLabel="문의 관리로 이동">
              <Figure label="답변 대기" value={count(d.inquiries.waiting, '건')} />
              <Figure label="접수" value={count(d.inquiries.received, '건')} />
              <Figure label="처리중" value={count(d.inquiries.inProgress, '건')} />
            </Card>
            <Card id="dashboard-signin" title="로그인 (최근 24시간)" to={adminPaths.members} linkLabel="회원 관리에서 잠금 확인">
              <Figure label="로그인 실패" value={count(d.signin.failures, '회')} />
              <Figure label="계정 잠금" value={count(d.signin.lockouts, '건')} />
            </Card>
          </div>
          <LatestChanges changes={d.latestChanges} />
        </>
      )}
    </div>
  );
}
