import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BoardItemPage, boardItemListQuery } from '@contract';
import { apiGet } from '@web/lib/api';

type ListQueryOutput = z.output<typeof boardItemListQuery>;

/** The list query as the web sends it (spec §7): page starts at 1, sort is `field,DIRECTION`. */
export type BoardItemsQuery = { boardCode: string } & Partial<Omit<ListQueryOutput, 'boardCode'>>;

/** `GET /api/board-item?...`: one page of posts, with pinned notices apart when `pinNotices`. */
export const listBoardItems = (query: BoardItemsQuery) => apiGet<BoardItemPage>('/api/board-item', { ...query });

export const boardItemsQueryKey = (query: BoardItemsQuery) => ['board-item', 'list', query] as const;

/**
 * Keeps the previous page on screen while the next one of the same board loads, so the table does
 * not flash; another board's rows are never shown as a placeholder.
 */
export function useBoardItems(query: BoardItemsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: boardItemsQueryKey(query),
    queryFn: () => listBoardItems(query),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].boardCode === query.boardCode ? keepPreviousData(previous) : undefined,
    enabled: options.enabled ?? true,
  });
}
