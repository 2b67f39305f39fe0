import { useQuery } from '@tanstack/react-query';
import type { BoardItemPage } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The two boards the home page shows (spec §1, §9). */
export type HomeBoardCode = 'notice' | 'public';

/**
 * `GET /api/board-item` for the home page: exactly page 1, size 5, newest first (spec §7, §9),
 * leaving out only posts their writer kept off the home page (a new post is on it unless
 * "첫 화면에 노출" is unticked, issue 9).
 */
export const latestBoardItemsQuery = (boardCode: HomeBoardCode) =>
  ({ boardCode, page: 1, size: 5, sort: 'createdDate,DESC', showItemToMain: true }) as const;

export const listLatestBoardItems = (boardCode: HomeBoardCode) =>
  apiCall<BoardItemPage>(endpoint(endpointRoutes.boardItem.list), { query: { ...latestBoardItemsQuery(boardCode) } });

export function useLatestBoardItems(boardCode: HomeBoardCode) {
  return useQuery({
    queryKey: queryKeys.boardItems.list(latestBoardItemsQuery(boardCode)),
    queryFn: () => listLatestBoardItems(boardCode),
  });
}
