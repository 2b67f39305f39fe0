import { useQuery } from '@tanstack/react-query';
import type { BoardMenu } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { queryKeys } from './query-keys';

/** `GET /api/board`: every board's code, area and name (the console's board choosers; the console invalidates it). */
export const getBoardMenu = () => apiCall<BoardMenu>(endpoint(endpointRoutes.board.menu));

/** Every board, for choosing one (the console's menu screen); the header reads `GET /api/menu` instead. */
export function useBoardMenu() {
  return useQuery({ queryKey: queryKeys.boardMenu, queryFn: getBoardMenu, staleTime: 60_000 });
}
