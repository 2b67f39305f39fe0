import type { ReactNode } from 'react';
import './empty-state.css';

interface Props {
  /** What is missing, as one sentence (검색 결과가 없습니다.). */
  title: string;
  /** What the reader can do next: a sentence, a link or a button. */
  children?: ReactNode;
}

/** An empty state (KRDS): says plainly that there is nothing here, and what to do next. */
export function EmptyState({ title, children }: Props) {
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 5h16v14H4z M4 9h16 M9 13h6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__next">{children}</div>}
    </div>
  );
}
