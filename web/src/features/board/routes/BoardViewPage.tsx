import { Link, useLocation, useParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Board, BoardItem } from '../../../../../contract';
import { messages, paths } from '../../../../../contract';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFound } from '../../../ui/NotFound';
import { PageLoading } from '../../../ui/PageLoading';
import { useBoard } from '../api/get-board';
import { useBoardItem } from '../api/get-board-item';
import { areaMatches, canonicalBoardCode, errorStatus, parseItemNo, readListSearch, type BoardListLinkState } from '../board-route';
import { formatDate, formatDateTime } from '../format';
import { NoticeBadge, SecretMark } from '../components/badges';
import { BoardErrorMessage } from '../components/BoardErrorMessage';
import { BoardFallback } from '../components/BoardFallback';
import { BoardHeader } from '../components/BoardHeader';
import { FileList } from '../components/FileList';
import { NeighbourLinks } from '../components/NeighbourLinks';
import '../board.css';

/** `:area/:boardCode/View/:itemNo`: one post, its files, its neighbours and the way back to the list. */
export function Component() {
  const { area, boardCode: boardCodeParam, itemNo: itemNoParam } = useParams();
  const boardCode = canonicalBoardCode(boardCodeParam);
  const itemNo = parseItemNo(itemNoParam);
  // Board and post load side by side (no waterfall); a malformed itemNo never reaches the API.
  const boardQuery = useBoard(boardCode);
  const itemQuery = useBoardItem(boardCode, itemNo ?? 0, { enabled: itemNo !== null });

  const board = boardQuery.data;
  if (!board || !areaMatches(area, board)) return <BoardFallback boardQuery={boardQuery} />;
  if (itemNo === null) return <NotFound message={messages.boardItemNotFound} />;
  return <BoardView board={board} itemQuery={itemQuery} />;
}

function BoardView({ board, itemQuery }: { board: Board; itemQuery: UseQueryResult<BoardItem> }) {
  const location = useLocation();
  const listSearch = readListSearch(location.state);
  const linkState: BoardListLinkState = { listSearch };
  const listLink = (
    <Link className="button" to={`${paths.boardList(board.area, board.boardCode)}${listSearch}`}>
      목록
    </Link>
  );
  const boardItem = itemQuery.data;
  const notFound = itemQuery.isError && errorStatus(itemQuery.error) === 404;
  // The not-found screen names itself; this effect runs after it, so it must not overwrite that title.
  useDocumentTitle(notFound ? '페이지를 찾을 수 없습니다' : (boardItem?.title ?? board.name));

  if (itemQuery.isPending) return <PageLoading />;
  if (itemQuery.isError) {
    if (notFound) return <NotFound message={messages.boardItemNotFound} />;
    return (
      <div className="container page board-page">
        <BoardHeader board={board} />
        <BoardErrorMessage
          error={itemQuery.error}
          board={board}
          onRetry={errorStatus(itemQuery.error) === 401 || errorStatus(itemQuery.error) === 403 ? undefined : () => void itemQuery.refetch()}
        />
        <div className="board-actions">{listLink}</div>
      </div>
    );
  }
  // TypeScript cannot see that a settled, error-free query has data.
  if (!boardItem) return null;

  return (
    <div className="container page board-page">
      <article className="board-view" aria-labelledby="board-view-title">
        <header className="board-view__header">
          <p className="board-view__board">
            <Link to={`${paths.boardList(board.area, board.boardCode)}${listSearch}`}>{board.name}</Link>
          </p>
          <h1 id="board-view-title" className="board-view__title">
            {boardItem.isNotice && <NoticeBadge />}
            {boardItem.isSecret && <SecretMark />}
            {boardItem.category && <span className="board-item-title__category">[{boardItem.category}] </span>}
            {boardItem.title}
          </h1>
          <dl className="board-meta">
            <div>
              <dt>작성자</dt>
              <dd>{boardItem.writerName}</dd>
            </div>
            <div>
              <dt>작성일</dt>
              <dd>
                <time dateTime={boardItem.createdDate}>{formatDateTime(boardItem.createdDate)}</time>
              </dd>
            </div>
            {formatDate(boardItem.modifiedDate) !== formatDate(boardItem.createdDate) && (
              <div>
                <dt>수정일</dt>
                <dd>
                  <time dateTime={boardItem.modifiedDate}>{formatDateTime(boardItem.modifiedDate)}</time>
                </dd>
              </div>
            )}
            <div>
              <dt>조회수</dt>
              <dd>{boardItem.viewCount.toLocaleString('ko-KR')}</dd>
            </div>
          </dl>
        </header>

        {board.listStyle === 'video' && <VideoPoster boardItem={boardItem} />}

        {/* Sanitising is the server's job: the contract says `content` is sanitised HTML, so it is rendered as sent. */}
        <div className="board-content" dangerouslySetInnerHTML={{ __html: boardItem.content }} />

        <FileList files={boardItem.files} canDownload={board.permissions.download} />
      </article>

      <NeighbourLinks board={board} boardItem={boardItem} linkState={linkState} />

      <div className="board-actions">{listLink}</div>
    </div>
  );
}

/**
 * Video boards show their poster above the text: the full-size image file when there is one
 * (the thumbnail is small and blurs when stretched), else the thumbnail. The title above names
 * it, so the image is decorative for screen readers.
 */
function VideoPoster({ boardItem }: { boardItem: BoardItem }) {
  const image = boardItem.files.find((file) => file.contentType.startsWith('image/'));
  const src = image ? image.url : boardItem.thumbnailUrl;
  if (!src) return null;
  return (
    <div className="board-view__poster">
      <img src={src} alt="" />
    </div>
  );
}
