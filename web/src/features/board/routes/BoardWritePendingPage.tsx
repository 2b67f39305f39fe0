import { Link, useParams } from 'react-router';
import type { Board } from '../../../../../contract';
import { paths } from '../../../../../contract';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSiteInfo } from '../../site/api/get-site-info';
import { useBoard } from '../api/get-board';
import { areaMatches, canonicalBoardCode } from '../board-route';
import { BoardFallback } from '../components/BoardFallback';
import { BoardHeader } from '../components/BoardHeader';
import '../board.css';

/**
 * `:area/:boardCode/Write/:itemNo`: writing arrives with the boards issue. Until then the links
 * land here and say so plainly; the inquiry board gives the phone and e-mail instead.
 */
export function Component() {
  const { area, boardCode: boardCodeParam, itemNo } = useParams();
  const boardCode = canonicalBoardCode(boardCodeParam);
  const boardQuery = useBoard(boardCode);
  const board = boardQuery.data;
  if (!board || !areaMatches(area, board)) return <BoardFallback boardQuery={boardQuery} />;
  const editing = (itemNo ?? 'NEW').toUpperCase() !== 'NEW';
  return board.listStyle === 'inquiry' ? <InquiryPending board={board} /> : <WritePending board={board} editing={editing} />;
}

function WritePending({ board, editing }: { board: Board; editing: boolean }) {
  const title = `${board.name} ${editing ? '글 수정' : '글쓰기'}`;
  useDocumentTitle(title);
  return (
    <div className="container page board-page">
      <BoardHeader board={board} title={title} />
      <div className="alert board-alert board-pending">
        <p className="board-pending__lead">글쓰기 기능을 준비하고 있습니다.</p>
        <p>{board.name} 게시판의 글은 지금 읽으실 수 있고, 글쓰기는 곧 열립니다.</p>
      </div>
      <div className="board-actions">
        <Link className="button button--primary" to={paths.boardList(board.area, board.boardCode)}>
          {board.name} 목록으로
        </Link>
      </div>
    </div>
  );
}

function InquiryPending({ board }: { board: Board }) {
  useDocumentTitle(board.name);
  const { data: site } = useSiteInfo();
  return (
    <div className="container page board-page">
      <BoardHeader board={board} />
      <div className="alert board-alert board-pending">
        <p className="board-pending__lead">온라인 문의 접수를 곧 시작합니다.</p>
        <p>그동안 궁금하신 점은 전화나 이메일로 문의해주시면 담당자가 답변드리겠습니다.</p>
      </div>
      {site && (
        <dl className="board-contact">
          <div>
            <dt>대표전화</dt>
            <dd>
              <a href={`tel:${site.phone}`}>{site.phone}</a>
            </dd>
          </div>
          <div>
            <dt>이메일</dt>
            <dd>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </dd>
          </div>
          {site.businessHours && (
            <div>
              <dt>운영시간</dt>
              <dd>{site.businessHours}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="board-actions">
        <Link className="button" to={paths.home}>
          첫 화면으로
        </Link>
        <Link className="button button--primary" to={paths.boardList(board.area, board.boardCode)}>
          내 문의 내역
        </Link>
      </div>
    </div>
  );
}
