import { Link, useSearchParams } from 'react-router';
import { inquiryStatusLabels, memberActivityLabels, paths, type MemberActivityItem, type MemberActivityType } from '@contract';
import { EmptyState } from '@web/ui/EmptyState';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Pagination } from '@web/ui/Pagination';
import { useMemberActivity } from '../api/get-member-activity';
import { formatJoinDate } from '../format';
import { uiMessages } from '../messages';

/** The search parameter of the open activity tab's page: `?tab=comments&page=2` (the first page is the plain address). */
export const ACTIVITY_PAGE_PARAM = 'page';
const PAGE_SIZE = 10;

function pageOf(search: URLSearchParams): number {
  const page = Number(search.get(ACTIVITY_PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * One of My page's activity tabs (issue 23): the member's posts, comments or inquiries, newest
 * first, ten a page, each linking to its post. Read only while its tab is open (`active`).
 */
export function ActivityList({ userId, type, active }: { userId: number; type: MemberActivityType; active: boolean }) {
  const [search] = useSearchParams();
  const page = active ? pageOf(search) : 1;
  const activity = useMemberActivity(userId, { type, page, size: PAGE_SIZE }, active);
  const labels = memberActivityLabels[type];

  if (activity.isError) {
    return (
      <div className="form-message form-message--error account-retry" role="alert">
        <p>{uiMessages.activityLoadFailed}</p>
        <button type="button" className="button" onClick={() => void activity.refetch()}>
          다시 시도
        </button>
      </div>
    );
  }
  if (!activity.data) return active ? <LoadingStatus /> : null;
  const { content, totalElements, totalPages } = activity.data;
  if (content.length === 0) return <EmptyState title={labels.empty} />;

  const pageTo = (n: number) => {
    const next = new URLSearchParams(search);
    if (n <= 1) next.delete(ACTIVITY_PAGE_PARAM);
    else next.set(ACTIVITY_PAGE_PARAM, String(n));
    const query = next.toString();
    return { search: query ? `?${query}` : '' };
  };

  return (
    <>
      <p className="activity__count">
        전체 <strong>{totalElements}</strong>건
      </p>
      <ul className="activity__list" aria-label={labels.tab}>
        {content.map((item) => (
          <li key={item.commentId ?? `${item.boardCode}-${item.itemNo}`} className="activity__item">
            <ActivityRow item={item} type={type} />
          </li>
        ))}
      </ul>
      <Pagination page={activity.data.page} totalPages={totalPages} pageTo={pageTo} />
    </>
  );
}

function ActivityRow({ item, type }: { item: MemberActivityItem; type: MemberActivityType }) {
  const to = paths.boardView(item.area, item.boardCode, item.itemNo);
  return (
    <>
      <p className="activity__meta">
        <span className="activity__board">{item.boardName}</span>
        {item.status && <span className={`activity__status activity__status--${item.status.toLowerCase()}`}>{inquiryStatusLabels[item.status]}</span>}
        {item.isSecret && type !== 'inquiries' && <span className="activity__secret">비밀글</span>}
      </p>
      {type === 'comments' ? (
        <>
          <p className="activity__comment">{item.comment}</p>
          <p className="activity__post">
            <Link to={to}>
              <span className="visually-hidden">댓글을 단 글: </span>
              {item.title}
            </Link>
          </p>
        </>
      ) : (
        <p className="activity__title">
          <Link to={to}>{item.title}</Link>
        </p>
      )}
      <p className="activity__date">
        <span className="visually-hidden">작성일 </span>
        <time dateTime={item.createdDate}>{formatJoinDate(item.createdDate)}</time>
      </p>
    </>
  );
}
