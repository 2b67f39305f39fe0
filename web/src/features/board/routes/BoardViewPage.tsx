import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Board, BoardItem } from '@contract';
import { boardMessages, messages, notFoundTitle, paths } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { NotFound } from '@web/ui/NotFound';
import { PageLoading } from '@web/ui/PageLoading';
import { useBoard } from '../api/get-board';
import { useBoardItem } from '../api/get-board-item';
import { useDeleteBoardItem } from '../api/save-board-item';
import { areaMatches, canonicalBoardCode, errorStatus, parseItemNo, readListSearch, type BoardListLinkState } from '../board-route';
import { formatDate, formatDateTime } from '../format';
import { NoticeBadge, SecretMark } from '../components/badges';
import { BoardErrorMessage } from '../components/BoardErrorMessage';
import { BoardFallback } from '../components/BoardFallback';
import { BoardHeader } from '../components/BoardHeader';
import { Comments } from '../components/Comments';
import { InquiryAnswer } from '../components/InquiryAnswer';
import { FileList } from '../components/FileList';
import { NeighbourLinks } from '../components/NeighbourLinks';
import '@web/ui/form/forms.css';
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
  useDocumentTitle(notFound ? notFoundTitle : (boardItem?.title ?? board.name));

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
  // Reference files (annual reports) are what readers come for: the files come before the text.
  const filesFirst = board.boardCode === 'annualReport';
  const files = <FileList files={boardItem.files} canDownload={board.permissions.download} />;

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

        {board.listStyle === 'video' && <VideoPlayer boardItem={boardItem} />}

        {filesFirst && files}

        {boardItem.contact && <InquiryContact contact={boardItem.contact} />}

        {/* Sanitising is the server's job: the contract says `content` is sanitised HTML, so it is rendered as sent. */}
        <div className="board-content" dangerouslySetInnerHTML={{ __html: boardItem.content }} />

        {!filesFirst && files}
      </article>

      {board.listStyle === 'inquiry' && <InquiryAnswer key={boardItem.answer ?? ''} board={board} boardItem={boardItem} />}

      {board.useComments && board.listStyle !== 'inquiry' && <Comments board={board} boardItem={boardItem} />}

      <NeighbourLinks board={board} boardItem={boardItem} linkState={linkState} />

      <div className="board-actions">
        {listLink}
        {boardItem.editable && <ItemActions board={board} boardItem={boardItem} listPath={paths.boardList(board.area, board.boardCode)} />}
      </div>
    </div>
  );
}

const deleteConfirm = '게시글을 삭제하시겠습니까? 삭제한 글은 되돌릴 수 없습니다.';

/** 수정 and 삭제 for the writer and the board's managers (`editable`); deleting asks first. */
function ItemActions({ board, boardItem, listPath }: { board: Board; boardItem: BoardItem; listPath: string }) {
  const navigate = useNavigate();
  const remove = useDeleteBoardItem(board.boardCode, boardItem.itemNo);
  const [error, setError] = useState('');
  async function onDelete() {
    if (!window.confirm(deleteConfirm)) return;
    setError('');
    try {
      await remove.mutateAsync();
      navigate(listPath, { replace: true, state: { flash: boardMessages.deleted } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <>
      <Link className="button" to={paths.boardWrite(board.area, board.boardCode, boardItem.itemNo)}>
        수정
      </Link>
      <button type="button" className="button button--danger" onClick={() => void onDelete()} disabled={remove.isPending}>
        삭제
      </button>
      {error && (
        <p className="form-field__error board-actions__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** What an inquirer left to be answered by; only the writer and managers get it. */
function InquiryContact({ contact }: { contact: NonNullable<BoardItem['contact']> }) {
  return (
    <dl className="board-meta inquiry-contact">
      <div>
        <dt>이메일</dt>
        <dd>{contact.email}</dd>
      </div>
      {contact.phone && (
        <div>
          <dt>연락처</dt>
          <dd>{contact.phone}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Video boards: a video file attached to the post plays in the browser's own player (keyboard
 * and screen-reader friendly, named by the post title), with the captions file attached beside it;
 * a player embedded in the text (YouTube and the like, an iframe with a title, captions turned on
 * by the sanitiser) needs nothing more; otherwise the poster is shown.
 */
function VideoPlayer({ boardItem }: { boardItem: BoardItem }) {
  const video = boardItem.files.find((file) => file.contentType.startsWith('video/'));
  const poster = boardItem.files.find((file) => file.contentType.startsWith('image/'));
  // A WebVTT file attached beside the video is its Korean captions, on from the start (KWCAG 1.2.2).
  const captions = boardItem.files.find((file) => file.contentType === 'text/vtt');
  if (video) {
    return (
      <figure className="board-view__player">
        <video controls preload="metadata" poster={poster?.url ?? boardItem.thumbnailUrl ?? undefined} aria-label={boardItem.title}>
          <source src={video.url} type={video.contentType} />
          {captions && <track kind="captions" src={captions.url} srcLang="ko" label="한국어 자막" default />}
        </video>
        <figcaption className="visually-hidden">{boardItem.title}</figcaption>
      </figure>
    );
  }
  if (/<iframe\b/i.test(boardItem.content)) return null;
  return <VideoPoster boardItem={boardItem} />;
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
