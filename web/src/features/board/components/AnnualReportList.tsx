import { Link } from 'react-router';
import type { Board, BoardItemSummary } from '@contract';
import { paths } from '@contract';
import type { BoardListLinkState } from '../board-route';
import { formatFileSize, reportYear } from '../format';
import { DownloadIcon, FileIcon } from './icons';

/**
 * 연차보고서: the files come first (issue 4). Each report shows its year, its files with type and
 * size and a download button, and a link to the post for the summary.
 */
export function AnnualReportList({ board, boardItems, linkState }: { board: Board; boardItems: BoardItemSummary[]; linkState: BoardListLinkState }) {
  return (
    <ul className="report-list" aria-label={`${board.name} 목록`}>
      {boardItems.map((boardItem) => (
        <li key={boardItem.itemNo} className="report">
          <p className="report__year">
            <span className="visually-hidden">발간 연도 </span>
            {reportYear(boardItem)}
          </p>
          <div className="report__body">
            <h2 className="report__title">
              <Link to={paths.boardView(board.area, board.boardCode, boardItem.itemNo)} state={linkState}>
                {boardItem.title}
              </Link>
            </h2>
            {boardItem.files.length > 0 ? (
              <ul className="report__files">
                {boardItem.files.map((file) => (
                  <li key={file.id} className="report__file">
                    <FileIcon className="report__file-icon" />
                    <span className="report__file-name">{file.name}</span>
                    <span className="report__file-size">
                      ({(file.name.split('.').pop() ?? '').toUpperCase()}, {formatFileSize(file.size)})
                    </span>
                    {board.permissions.download && (
                      <a className="button report__download" href={`${file.url}?download=true`}>
                        <DownloadIcon />
                        내려받기<span className="visually-hidden"> ({file.name})</span>
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="report__nofile">첨부된 보고서 파일이 없습니다.</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
