import { Link } from 'react-router';
import type { Board, BoardItemSummary } from '@contract';
import { paths } from '@contract';
import type { BoardListLinkState } from '../board-route';
import { isNew } from '../format';
import { CommentCount, NewBadge, SecretMark } from './badges';

/**
 * A post's title as a link to it, with its category, a lock for secret posts, the comment count
 * and the "새 글" badge. For a private post the caller may not read, the server already sends
 * messages.secretItem as the title.
 */
export function BoardItemTitle({
  board,
  boardItem,
  linkState,
  className,
}: {
  board: Board;
  boardItem: BoardItemSummary;
  linkState: BoardListLinkState;
  className?: string;
}) {
  return (
    <>
      <Link className={className ?? 'board-item-title'} to={paths.boardView(board.area, board.boardCode, boardItem.itemNo)} state={linkState}>
        {boardItem.category && <span className="board-item-title__category">[{boardItem.category}] </span>}
        {boardItem.isSecret && <SecretMark />}
        {boardItem.title}
      </Link>
      <CommentCount count={boardItem.commentCount} />
      {isNew(boardItem.createdDate) && <NewBadge />}
    </>
  );
}
