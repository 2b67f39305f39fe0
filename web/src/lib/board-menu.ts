import { useQuery } from '@tanstack/react-query';
import type { BoardMenu } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { queryKeys } from './query-keys';

/** `GET /api/board`: every board's code, area and name (the menu; the console invalidates it). */
export const getBoardMenu = () => apiCall<BoardMenu>(endpoint(endpointRoutes.board.menu));

/** The boards for the menu; a failure leaves the fixed menu of spec §2 as it is. */
export function useBoardMenu() {
  return useQuery({ queryKey: queryKeys.boardMenu, queryFn: getBoardMenu, staleTime: 60_000 });
}
