import { useQuery } from '@tanstack/react-query';
import type { BoardItem } from '@contract';
import { apiGet } from '@web/lib/api';

/** `GET /api/board-item/{boardCode}/{itemNo}`: one post with its files and neighbours (counts a view). */
export const getBoardItem = (boardCode: string, itemNo: number) =>
  apiGet<BoardItem>(`/api/board-item/${encodeURIComponent(boardCode)}/${itemNo}`);

export const boardItemQueryKey = (boardCode: string, itemNo: number) => ['board-item', 'detail', boardCode, itemNo] as const;

export function useBoardItem(boardCode: string, itemNo: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: boardItemQueryKey(boardCode, itemNo),
    queryFn: () => getBoardItem(boardCode, itemNo),
    enabled: options.enabled ?? true,
  });
}
