import { Link } from 'react-router';
import { paths } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminPaths } from '../admin-paths';
import { QueryState } from '../shared/SettingsQueryState';
import { useAdminBoards } from './api';
import { areaLabels, listStyleLabels } from './board-labels';

/** 게시판 (issue 9): every board, with a link to edit it and one to make a new board. */
export function Component() {
  useDocumentTitle('게시판 관리');
  const query = useAdminBoards();
  return (
    <section className="admin-screen" aria-labelledby="boards-title">
      <div className="admin-page__head">
        <h1 id="boards-title">게시판 관리</h1>
        <Link to={adminPaths.newBoard} className="button button--primary">
          새 게시판 만들기
        </Link>
      </div>
      {!query.data ? (
        <QueryState query={query} label="게시판 목록" />
      ) : (
        <div className="admin-table-wrap" role="region" aria-label="게시판 목록 표" tabIndex={0}>
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">게시판 목록 ({query.data.content.length}개)</caption>
            <thead>
              <tr>
                <th scope="col">순서</th>
                <th scope="col">이름</th>
                <th scope="col">코드</th>
                <th scope="col">영역</th>
                <th scope="col">형식</th>
                <th scope="col">글 수</th>
                <th scope="col">화면</th>
              </tr>
            </thead>
            <tbody>
              {query.data.content.map((board) => (
                <tr key={board.boardCode}>
                  <td data-label="순서">{board.sortOrder}</td>
                  <th scope="row">
                    <Link to={adminPaths.board(board.boardCode)}>
                      {board.name}
                      <span className="visually-hidden"> 설정 수정</span>
                    </Link>
                  </th>
                  <td data-label="코드">
                    <code>{board.boardCode}</code>
                  </td>
                  <td data-label="영역">{areaLabels[board.area]}</td>
                  <td data-label="형식">{listStyleLabels[board.listStyle]}</td>
                  <td data-label="글 수">{board.itemCount.toLocaleString('ko-KR')}</td>
                  <td data-label="화면">
                    <Link to={paths.boardList(board.area, board.boardCode)}>
                      목록 열기<span className="visually-hidden">: {board.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
