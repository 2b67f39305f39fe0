import type { Board, BoardItemPage, BoardItemSummary } from '@contract';
import type { BoardListLinkState } from '../board-route';
import { formatDate } from '../format';
import { virtualNumber } from '../list-params';
import { AttachmentMark, NoticeBadge } from './badges';
import { BoardItemTitle } from './BoardItemTitle';

interface Props {
  board: Board;
  itemPage: BoardItemPage;
  /** Pinned notices shown above the page's posts (empty while searching). */
  notices: BoardItemSummary[];
  linkState: BoardListLinkState;
}

/** The classic board table; on narrow screens board.css turns each row into a card. */
export function BoardTable({ board, itemPage, notices, linkState }: Props) {
  const inquiry = board.listStyle === 'inquiry';
  return (
    <table className="board-table">
      <caption className="visually-hidden">
        {board.name} 목록: 번호, 제목, 첨부, 작성자, 작성일, {inquiry ? '답변 상태' : '조회수'}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="board-table__num">번호</th>
          <th scope="col" className="board-table__title">제목</th>
          <th scope="col" className="board-table__files">첨부</th>
          <th scope="col" className="board-table__writer">작성자</th>
          <th scope="col" className="board-table__date">작성일</th>
          <th scope="col" className="board-table__views">{inquiry ? '답변' : '조회'}</th>
        </tr>
      </thead>
      <tbody>
        {notices.map((boardItem) => (
          <BoardTableRow key={`notice-${boardItem.itemNo}`} board={board} boardItem={boardItem} linkState={linkState} notice />
        ))}
        {itemPage.content.map((boardItem, index) => (
          <BoardTableRow
            key={boardItem.itemNo}
            board={board}
            boardItem={boardItem}
            linkState={linkState}
            number={virtualNumber(itemPage.totalElements, itemPage.page, itemPage.size, index)}
          />
        ))}
      </tbody>
    </table>
  );
}

function BoardTableRow({
  board,
  boardItem,
  linkState,
  notice = false,
  number,
}: {
  board: Board;
  boardItem: BoardItemSummary;
  linkState: BoardListLinkState;
  notice?: boolean;
  number?: number;
}) {
  return (
    <tr className={notice ? 'board-table__row board-table__row--notice' : 'board-table__row'}>
      <td className={notice ? 'board-table__num board-table__num--notice' : 'board-table__num'}>
        {notice ? <NoticeBadge /> : number}
      </td>
      <td className="board-table__title">
        <BoardItemTitle board={board} boardItem={boardItem} linkState={linkState} />
      </td>
      <td className="board-table__files">{boardItem.fileCount > 0 && <AttachmentMark />}</td>
      <td className="board-table__writer">{boardItem.writerName}</td>
      <td className="board-table__date">
        <time dateTime={boardItem.createdDate}>{formatDate(boardItem.createdDate)}</time>
      </td>
      {board.listStyle === 'inquiry' ? (
        <td className="board-table__views">
          {boardItem.answeredDate ? <strong className="answer-state answer-state--done">답변 완료</strong> : <span className="answer-state">답변 대기</span>}
        </td>
      ) : (
        <td className="board-table__views">
          <span className="board-table__views-label">조회 </span>
          {boardItem.viewCount.toLocaleString('ko-KR')}
        </td>
      )}
    </tr>
  );
}
