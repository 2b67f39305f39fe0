import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BoardItemPage, boardItemListQuery } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

type ListQueryOutput = z.output<typeof boardItemListQuery>;

/** The list query as the web sends it (spec §7): page starts at 1, sort is `field,DIRECTION`. */
export type BoardItemsQuery = { boardCode: string } & Partial<Omit<ListQueryOutput, 'boardCode'>>;

/** `GET /api/board-item?...`: one page of posts, with pinned notices apart when `pinNotices`. */
export const listBoardItems = (query: BoardItemsQuery) => apiCall<BoardItemPage>(endpoint(endpointRoutes.boardItem.list), { query: { ...query } });

/**
 * Keeps the previous page on screen while the next one of the same board loads, so the table does
 * not flash; another board's rows are never shown as a placeholder.
 */
export function useBoardItems(query: BoardItemsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.boardItems.list(query),
    queryFn: () => listBoardItems(query),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].boardCode === query.boardCode ? keepPreviousData(previous) : undefined,
    enabled: options.enabled ?? true,
  });
}
