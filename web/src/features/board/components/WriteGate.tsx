import { Fragment, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Board, BoardItem } from '@contract';
import { boardMessages, messages, paths } from '@contract';
import { writerOf } from '@web/lib/member-storage';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useSession } from '@web/lib/use-session';
import { NotFound } from '@web/ui/NotFound';
import { PageLoading } from '@web/ui/PageLoading';
import { useBoard } from '../api/get-board';
import { useBoardItem } from '../api/get-board-item';
import { areaMatches, canonicalBoardCode, errorStatus, parseItemNo } from '../board-route';
import { BoardErrorMessage } from './BoardErrorMessage';
import { BoardFallback } from './BoardFallback';
import { BoardHeader } from './BoardHeader';

export interface WriteFormProps {
  board: Board;
  boardItem: BoardItem | null;
  /** Whose draft this is (lib/member-storage.ts writerOf). */
  writer: string;
}

/**
 * What both write screens share (issue 4): the board and, when editing, the post are loaded, the
 * caller's right to write or edit is checked (the server checks again), then `form` is drawn.
 * `NEW` writes, a number edits.
 */
export function WriteGate({ form, fixedBoard }: { form: (props: WriteFormProps) => ReactNode; fixedBoard?: { area: string; boardCode: string } }) {
  const params = useParams();
  const area = fixedBoard?.area ?? params.area;
  const boardCode = fixedBoard?.boardCode ?? canonicalBoardCode(params.boardCode);
  const itemNoParam = params.itemNo;
  const isNew = (itemNoParam ?? '').toUpperCase() === 'NEW';
  const itemNo = isNew ? null : parseItemNo(itemNoParam);
  const boardQuery = useBoard(boardCode);
  const itemQuery = useBoardItem(boardCode, itemNo ?? 0, { enabled: itemNo !== null });

  const board = boardQuery.data;
  if (!board || !areaMatches(area, board)) return <BoardFallback boardQuery={boardQuery} />;
  if (!isNew && itemNo === null) return <NotFound message={messages.boardItemNotFound} />;
  if (itemNo === null) return <WriteScreen board={board} boardItem={null} form={form} />;
  if (itemQuery.isPending) return <PageLoading />;
  if (itemQuery.isError) {
    if (errorStatus(itemQuery.error) === 404) return <NotFound message={messages.boardItemNotFound} />;
    return (
      <WriteShell board={board} editing>
        <BoardErrorMessage error={itemQuery.error} board={board} onRetry={() => void itemQuery.refetch()} />
      </WriteShell>
    );
  }
  return <WriteScreen board={board} boardItem={itemQuery.data} form={form} />;
}

function WriteShell({ board, editing, children }: { board: Board; editing: boolean; children: ReactNode }) {
  const title = board.listStyle === 'inquiry' && !editing ? board.name : `${board.name} ${editing ? '글 수정' : '글쓰기'}`;
  useDocumentTitle(title);
  return (
    <div className="container page board-page board-write">
      <BoardHeader board={board} title={title} />
      {children}
    </div>
  );
}

function WriteScreen({ board, boardItem, form }: { board: Board; boardItem: BoardItem | null; form: (props: WriteFormProps) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const writer = writerOf(session);
  const editing = boardItem !== null;
  const allowed = editing ? boardItem.editable : board.permissions.write;

  if (!allowed) {
    return (
      <WriteShell board={board} editing={editing}>
        <div className="alert board-alert" role="alert">
          {session.signedIn ? (
            <p>{editing ? boardMessages.notWriter : messages.forbidden}</p>
          ) : (
            <>
              <p>로그인한 회원만 글을 쓸 수 있습니다. 로그인 후 이용해주세요.</p>
              <Link className="button button--primary" to={paths.signin} state={{ from: `${location.pathname}${location.search}` }}>
                로그인
              </Link>
            </>
          )}
        </div>
        <div className="board-actions">
          <Link className="button" to={paths.boardList(board.area, board.boardCode)}>
            목록
          </Link>
        </div>
      </WriteShell>
    );
  }

  return (
    <WriteShell board={board} editing={editing}>
      {/* A new form (and draft) when the writer changes (sign-in or sign-out in another tab). */}
      <Fragment key={writer}>{form({ board, boardItem, writer })}</Fragment>
    </WriteShell>
  );
}
