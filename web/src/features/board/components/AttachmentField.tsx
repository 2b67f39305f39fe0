import { useId, useRef } from 'react';
import { allowedExtensions, formatBytes } from '@contract';
import { formatFileSize } from '../format';
import type { AttachmentsState } from '../write/use-attachments';
import { FileIcon } from './icons';

/**
 * 첨부파일: a file picker (its button is a real button, so keyboards reach it), each file with its
 * size, upload progress (a <progress> labelled with the file's name) and a 삭제 button. A status
 * line tells screen readers when uploads start and finish; problems are announced as alerts.
 */
export function AttachmentField({ attachments, maxFiles, maxFileSize }: { attachments: AttachmentsState; maxFiles: number; maxFileSize: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { items, add, remove, problem, announcement } = attachments;
  const full = items.filter((item) => item.status !== 'failed').length >= maxFiles;
  return (
    <fieldset className="form-field attachments" aria-describedby={`${id}-hint`}>
      <legend className="form-field__label">첨부파일</legend>
      <p className="form-field__hint" id={`${id}-hint`}>
        {maxFiles}개까지, 파일당 {formatBytes(maxFileSize)} 이하. 올릴 수 있는 형식: {allowedExtensions.join(', ')}
      </p>
      <div className="attachments__pick">
        <button type="button" className="button" onClick={() => input.current?.click()} aria-disabled={full || undefined} disabled={full}>
          파일 선택
        </button>
        <input
          ref={input}
          id={`${id}-input`}
          // The 파일 선택 button opens it: out of sight and out of the accessibility tree, so a
          // screen reader does not meet a second, unlabelled-looking file button.
          hidden
          type="file"
          multiple
          tabIndex={-1}
          aria-label="첨부파일 선택"
          accept={allowedExtensions.map((ext) => `.${ext}`).join(',')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) add(files);
          }}
        />
        <span className="attachments__count">
          {items.length}/{maxFiles}개
        </span>
      </div>
      <p className="form-field__error attachments__problem" role="alert">
        {problem}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {items.length > 0 && (
        <ul className="attachments__list">
          {items.map((item) => (
            <li key={item.key} className={`attachments__item attachments__item--${item.status}`}>
              <FileIcon className="attachments__icon" />
              <span className="attachments__name">{item.name}</span>
              <span className="attachments__size">{formatFileSize(item.size)}</span>
              {item.status === 'uploading' && (
                <>
                  <label className="visually-hidden" htmlFor={`${id}-progress-${item.key}`}>
                    {item.name} 올리는 중
                  </label>
                  <progress id={`${id}-progress-${item.key}`} className="attachments__progress" max={1} value={item.progress}>
                    {Math.round(item.progress * 100)}%
                  </progress>
                  <span className="attachments__percent" aria-hidden="true">
                    {Math.round(item.progress * 100)}%
                  </span>
                </>
              )}
              {item.status === 'done' && <span className="attachments__state">올림 완료</span>}
              {item.status === 'failed' && (
                <span className="attachments__error" role="alert">
                  올리지 못했습니다: {item.error}
                </span>
              )}
              <button type="button" className="button attachments__remove" onClick={() => remove(item.key)}>
                삭제<span className="visually-hidden"> ({item.name})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
