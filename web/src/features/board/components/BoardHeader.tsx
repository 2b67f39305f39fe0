import type { ReactNode } from 'react';
import type { Board } from '@contract';

/** The board's name as the page's one h1, with its description. */
export function BoardHeader({ board, title, children }: { board: Board; title?: string; children?: ReactNode }) {
  return (
    <header className="board-header">
      <h1 className="page__title board-header__title">{title ?? board.name}</h1>
      {board.description && <p className="board-header__description">{board.description}</p>}
      {children}
    </header>
  );
}
