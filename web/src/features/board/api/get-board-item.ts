import { useQuery } from '@tanstack/react-query';
import type { BoardItem } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/board-item/{boardCode}/{itemNo}`: one post with its files and neighbours (counts a view). */
export const getBoardItem = (boardCode: string, itemNo: number) =>
  apiCall<BoardItem>(endpoint(endpointRoutes.boardItem.view, { boardCode, itemNo }));

export function useBoardItem(boardCode: string, itemNo: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.boardItems.detail(boardCode, itemNo),
    queryFn: () => getBoardItem(boardCode, itemNo),
    enabled: options.enabled ?? true,
  });
}
