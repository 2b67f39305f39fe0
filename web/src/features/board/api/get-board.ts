import { useQuery } from '@tanstack/react-query';
import type { Board } from '@contract';
import { apiGet } from '@web/lib/api';

/** `GET /api/board/{boardCode}`: the board's public settings and what the caller may do on it. */
export const getBoard = (boardCode: string) => apiGet<Board>(`/api/board/${encodeURIComponent(boardCode)}`);

export const boardQueryKey = (boardCode: string) => ['board', boardCode] as const;

export function useBoard(boardCode: string) {
  return useQuery({
    queryKey: boardQueryKey(boardCode),
    queryFn: () => getBoard(boardCode),
    staleTime: 60_000,
  });
}
