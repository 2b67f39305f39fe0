import { useQuery } from '@tanstack/react-query';
import type { BoardMenu } from '@contract';
import { apiGet } from './api';

/** `GET /api/board`: every board's code, area and name (the menu; the console invalidates it). */
export const boardMenuQueryKey = ['board-menu'] as const;

export const getBoardMenu = () => apiGet<BoardMenu>('/api/board');

/** The boards for the menu; a failure leaves the fixed menu of spec §2 as it is. */
export function useBoardMenu() {
  return useQuery({ queryKey: boardMenuQueryKey, queryFn: getBoardMenu, staleTime: 60_000 });
}
