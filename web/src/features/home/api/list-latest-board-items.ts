import { useQuery } from '@tanstack/react-query';
import type { BoardItemPage } from '../../../../../contract';
import { apiGet } from '../../../lib/api';

/** The two boards the home page shows (spec §1, §9). */
export type HomeBoardCode = 'notice' | 'public';

/**
 * `GET /api/board-item` for the home page: exactly page 1, size 5, newest first (spec §7, §9),
 * limited to posts the staff chose to show on the home page.
 */
export const latestBoardItemsQuery = (boardCode: HomeBoardCode) =>
  ({ boardCode, page: 1, size: 5, sort: 'createdDate,DESC', showItemToMain: true }) as const;

export const listLatestBoardItems = (boardCode: HomeBoardCode) =>
  apiGet<BoardItemPage>('/api/board-item', { ...latestBoardItemsQuery(boardCode) });

export function useLatestBoardItems(boardCode: HomeBoardCode) {
  return useQuery({
    queryKey: ['board-item', 'list', latestBoardItemsQuery(boardCode)],
    queryFn: () => listLatestBoardItems(boardCode),
  });
}
