import { useQuery } from '@tanstack/react-query';
import type { Board } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/board/{boardCode}`: the board's public settings and what the caller may do on it. */
export const getBoard = (boardCode: string) => apiCall<Board>(endpoint(endpointRoutes.board.get, { boardCode }));

export function useBoard(boardCode: string) {
  return useQuery({
    queryKey: queryKeys.board(boardCode),
    queryFn: () => getBoard(boardCode),
    staleTime: 60_000,
  });
}
