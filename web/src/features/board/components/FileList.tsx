import { useId } from 'react';
import type { BoardFile } from '@contract';
import { formatFileSize } from '../format';
import { DownloadIcon, FileIcon } from './icons';

/**
 * A post's attachments. Download links are plain <a>: they are API URLs, not screens.
 * Without the download right the names are listed and the reason is given.
 */
export function FileList({ files, canDownload }: { files: BoardFile[]; canDownload: boolean }) {
  const id = useId();
  if (files.length === 0) return null;
  return (
    <section className="board-files" aria-labelledby={id}>
      <h2 id={id} className="board-files__title">
        첨부파일 <span className="board-files__count">{files.length}개</span>
      </h2>
      <ul className="board-files__list">
        {files.map((file) => (
          <li key={file.id} className="board-files__item">
            {canDownload ? (
              <a className="board-files__link" href={`${file.url}?download=true`}>
                <FileIcon className="board-files__icon" />
                <span className="board-files__name">{file.name}</span>{' '}
                <span className="board-files__action">
                  <DownloadIcon />
                  내려받기
                </span>
              </a>
            ) : (
              <span className="board-files__link board-files__link--locked">
                <FileIcon className="board-files__icon" />
                <span className="board-files__name">{file.name}</span>
              </span>
            )}
            <span className="board-files__size">{formatFileSize(file.size)}</span>
          </li>
        ))}
      </ul>
      {!canDownload && <p className="board-files__note">첨부파일을 내려받을 권한이 없습니다. 로그인하거나 관리자에게 문의해주세요.</p>}
    </section>
  );
}
