import type { UseQueryResult } from '@tanstack/react-query';
import type { Board } from '@contract';
import { messages } from '@contract';
import { NotFound } from '@web/ui/NotFound';
import { PageLoading } from '@web/ui/PageLoading';
import { errorStatus } from '../board-route';
import { BoardErrorMessage } from './BoardErrorMessage';

/**
 * What a board screen shows instead of itself while the board loads, when it does not exist,
 * when the URL's area is not the board's area, or when the board could not be loaded.
 */
export function BoardFallback({ boardQuery }: { boardQuery: UseQueryResult<Board> }) {
  if (boardQuery.isPending) return <PageLoading />;
  if (boardQuery.isError && errorStatus(boardQuery.error) !== 404) {
    return (
      <div className="container page board-page">
        <h1 className="page__title">게시판</h1>
        <BoardErrorMessage error={boardQuery.error} onRetry={() => void boardQuery.refetch()} />
      </div>
    );
  }
  return <NotFound message={messages.boardNotFound} />;
}
