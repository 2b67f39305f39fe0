import { Link } from 'react-router';
import type { Board, BoardItem } from '@contract';
import { paths } from '@contract';
import type { BoardListLinkState } from '../board-route';

/** 이전글 (the older post, `prev`) and 다음글 (the newer one, `next`), carrying the list's search along. */
export function NeighbourLinks({ board, boardItem, linkState }: { board: Board; boardItem: BoardItem; linkState: BoardListLinkState }) {
  const rows = [
    { label: '이전글', neighbour: boardItem.prev, empty: '이전글이 없습니다.' },
    { label: '다음글', neighbour: boardItem.next, empty: '다음글이 없습니다.' },
  ];
  return (
    <nav className="board-neighbours" aria-label="이전글과 다음글">
      <ul className="board-neighbours__list">
        {rows.map(({ label, neighbour, empty }) => (
          <li key={label} className="board-neighbours__item">
            <span className="board-neighbours__label">{label}</span>
            {neighbour ? (
              <Link to={paths.boardView(board.area, board.boardCode, neighbour.itemNo)} state={linkState} className="board-neighbours__link">
                {neighbour.title}
              </Link>
            ) : (
              <span className="board-neighbours__empty">{empty}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
