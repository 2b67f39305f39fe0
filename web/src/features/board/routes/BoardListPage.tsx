import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Board, BoardItemPage } from '@contract';
import { paths } from '@contract';
import { isAdmin } from '@web/lib/session';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useSession } from '@web/lib/use-session';
import { useBoard } from '../api/get-board';
import { useBoardItems } from '../api/list-board-items';
import { areaMatches, canonicalBoardCode, errorStatus, type BoardListLinkState } from '../board-route';
import { listSearchString, parseListParams, type BoardListParams } from '../list-params';
import { AnnualReportList } from '../components/AnnualReportList';
import { BoardCardGrid } from '../components/BoardCardGrid';
import { BoardErrorMessage } from '../components/BoardErrorMessage';
import { BoardFallback } from '../components/BoardFallback';
import { BoardHeader } from '../components/BoardHeader';
import { BoardTable } from '../components/BoardTable';
import { ExportButton, type ExportListQuery } from '../components/ExportButton';
import { EmptyState } from '@web/ui/EmptyState';
import { Skeleton } from '@web/ui/Skeleton';
import { Pagination } from '@web/ui/Pagination';
import { SearchForm } from '../components/SearchForm';
import { FaqList } from '../faq/FaqList';
import '@web/ui/form/forms.css';
import '../board.css';

/** `:area/:boardCode/List`: one page of a board, its search, and its pinned notices. */
export function Component() {
  const { area, boardCode: boardCodeParam } = useParams();
  const boardCode = canonicalBoardCode(boardCodeParam);
  const [searchParams] = useSearchParams();
  const listParams = parseListParams(searchParams);
  const searching = listParams.keyword !== '';
  // The list's own query, without page and pinning: what 엑셀 다운로드 exports.
  const listQuery: ExportListQuery = {
    sort: 'createdDate,DESC',
    ...(searching ? { searchType: listParams.searchType, keyword: listParams.keyword } : {}),
  };
  // The board and its posts load side by side; the server falls back to the board's page size.
  const boardQuery = useBoard(boardCode);
  const itemsQuery = useBoardItems({
    boardCode,
    page: listParams.page,
    // Search results are just the matches, so notices are pinned only when not searching.
    pinNotices: !searching,
    ...listQuery,
  });

  const board = boardQuery.data;
  if (!board || !areaMatches(area, board)) return <BoardFallback boardQuery={boardQuery} />;
  return <BoardList board={board} listParams={listParams} listQuery={listQuery} itemsQuery={itemsQuery} />;
}

function BoardList({
  board,
  listParams,
  listQuery,
  itemsQuery,
}: {
  board: Board;
  listParams: BoardListParams;
  listQuery: ExportListQuery;
  itemsQuery: UseQueryResult<BoardItemPage>;
}) {
  useDocumentTitle(board.name);
  const location = useLocation();
  const navigate = useNavigate();
  const searching = listParams.keyword !== '';
  const linkState: BoardListLinkState = { listSearch: location.search };
  const listTop = useScrollToListOnPageChange(listParams.page);
  const flash = readFlash(location.state);
  const session = useSession();
  // Exports are for administrators only (the server checks again and logs each one).
  const exportButton = session.signedIn && isAdmin(session.user) && <ExportButton board={board} query={listQuery} />;

  const search = ({ searchType, keyword }: Pick<BoardListParams, 'searchType' | 'keyword'>) =>
    navigate({ pathname: location.pathname, search: listSearchString({ page: 1, searchType, keyword }) });
  const pageTo = (page: number) => ({ pathname: location.pathname, search: listSearchString({ ...listParams, page }) });

  const writeLink = board.permissions.write && (
    <Link className="button button--primary" to={paths.boardWrite(board.area, board.boardCode)}>
      글쓰기
    </Link>
  );

  const status = errorStatus(itemsQuery.error);
  if (itemsQuery.isError && (status === 401 || status === 403)) {
    return (
      <div className="container page board-page">
        <BoardHeader board={board} />
        <BoardErrorMessage error={itemsQuery.error} board={board} />
        {writeLink && <div className="board-actions">{writeLink}</div>}
      </div>
    );
  }

  const itemPage = itemsQuery.data;
  const notices = itemPage && !searching ? itemPage.notices : [];
  const empty = itemPage && itemPage.content.length === 0 && notices.length === 0;

  return (
    <div className="container page board-page">
      <BoardHeader board={board}>
        {board.listStyle === 'inquiry' && <p className="board-header__note">문의 내역은 작성하신 분과 담당자만 볼 수 있습니다.</p>}
      </BoardHeader>

      {flash && (
        <p className="alert board-flash" role="status">
          {flash}
        </p>
      )}

      <div className="board-toolbar">
        <p className="board-summary" aria-live="polite">
          {itemPage &&
            (searching ? (
              <>
                검색 결과 <strong>{itemPage.totalElements.toLocaleString('ko-KR')}</strong>건{itemPage.totalCapped && ' 이상'}
              </>
            ) : (
              <>
                전체 <strong>{itemPage.totalElements.toLocaleString('ko-KR')}</strong>건
                {itemPage.totalPages > 0 && (
                  <span className="board-summary__page">
                    {' '}
                    ({Math.min(itemPage.page, itemPage.totalPages)}/{itemPage.totalPages}페이지)
                  </span>
                )}
              </>
            ))}
        </p>
        <SearchForm
          key={`${listParams.searchType}|${listParams.keyword}`}
          boardName={board.name}
          searchType={listParams.searchType}
          keyword={listParams.keyword}
          onSearch={search}
        />
      </div>

      <div ref={listTop} className={`board-list${itemsQuery.isPlaceholderData ? ' is-updating' : ''}`} aria-busy={itemsQuery.isFetching}>
        {itemsQuery.isPending && <Skeleton lines={10} label="게시글 목록을 불러오는 중입니다…" />}
        {itemsQuery.isError && (
          <BoardErrorMessage error={itemsQuery.error} board={board} onRetry={() => void itemsQuery.refetch()} />
        )}
        {empty &&
          (searching ? (
            <EmptyState title="검색 결과가 없습니다.">
              <p>검색어의 철자를 확인하거나 다른 검색어, 다른 검색 항목으로 찾아보세요.</p>
            </EmptyState>
          ) : (
            <EmptyState title={emptyTitle[board.listStyle] ?? '등록된 게시글이 없습니다.'} />
          ))}
        {itemPage && !empty && (board.listStyle === 'gallery' || board.listStyle === 'video') && (
          <BoardCardGrid
            board={board}
            linkState={linkState}
            boardItems={[
              ...notices.map((boardItem) => ({ boardItem, notice: true })),
              ...itemPage.content.map((boardItem) => ({ boardItem, notice: false })),
            ]}
          />
        )}
        {itemPage && !empty && board.boardCode === 'annualReport' && board.listStyle !== 'faq' && (
          <AnnualReportList board={board} linkState={linkState} boardItems={[...notices, ...itemPage.content]} />
        )}
        {itemPage && !empty && board.listStyle === 'faq' && (
          <FaqList board={board} pinned={notices} questions={itemPage.content} linkState={linkState} />
        )}
        {itemPage && !empty && board.boardCode !== 'annualReport' && (board.listStyle === 'list' || board.listStyle === 'inquiry') && (
          <BoardTable board={board} itemPage={itemPage} notices={notices} linkState={linkState} />
        )}
      </div>

      {itemPage && <Pagination page={listParams.page} totalPages={itemPage.totalPages} pageTo={pageTo} />}

      {(searching || writeLink || exportButton) && (
        <div className="board-actions">
          {searching && (
            <Link className="button" to={{ pathname: location.pathname }}>
              전체 목록
            </Link>
          )}
          {exportButton}
          {writeLink}
        </div>
      )}
    </div>
  );
}

/** What an empty list says where a board's posts are not called 게시글. */
const emptyTitle: Partial<Record<Board['listStyle'], string>> = { inquiry: '등록한 문의가 없습니다.', faq: '등록된 질문이 없습니다.' };

/** A one-line result the previous screen passes along (게시글이 삭제되었습니다.). */
function readFlash(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'flash' in state) {
    const { flash } = state as { flash: unknown };
    if (typeof flash === 'string') return flash;
  }
  return null;
}

/** After moving to another page, bring the top of the list back into view if it scrolled away. */
function useScrollToListOnPageChange(page: number) {
  const listTop = useRef<HTMLDivElement>(null);
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    const element = listTop.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [page]);
  return listTop;
}
