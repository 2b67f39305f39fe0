import type { Board, BoardItemSummary } from '@contract';
import type { BoardListLinkState } from '../board-route';
import { formatDate } from '../format';
import { NoticeBadge } from './badges';
import { BoardItemTitle } from './BoardItemTitle';
import { ImageIcon, PlayIcon } from './icons';

interface Props {
  board: Board;
  /** Pinned notices first, then the page's posts. */
  boardItems: { boardItem: BoardItemSummary; notice: boolean }[];
  linkState: BoardListLinkState;
}

/**
 * Gallery and video boards: a grid of cards. The thumbnail has an empty alt because the title
 * right under it says the same; the whole card is clickable through the title link.
 */
export function BoardCardGrid({ board, boardItems, linkState }: Props) {
  const video = board.listStyle === 'video';
  return (
    <ul className={`board-cards${video ? ' board-cards--video' : ''}`} aria-label={`${board.name} 목록`}>
      {boardItems.map(({ boardItem, notice }) => (
        <li key={`${notice ? 'notice-' : ''}${boardItem.itemNo}`} className="board-card">
          <div className="board-card__thumb">
            {boardItem.thumbnailUrl ? (
              <img src={boardItem.thumbnailUrl} alt="" loading="lazy" decoding="async" />
            ) : (
              <ImageIcon className="board-card__placeholder" />
            )}
            {video && <PlayIcon className="board-card__play" />}
          </div>
          <div className="board-card__body">
            {notice && <NoticeBadge />}
            <h2 className="board-card__title">
              <BoardItemTitle board={board} boardItem={boardItem} linkState={linkState} className="board-card__link" />
            </h2>
            <p className="board-card__meta">
              <time dateTime={boardItem.createdDate}>{formatDate(boardItem.createdDate)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
