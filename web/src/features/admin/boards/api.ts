import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBoard, AdminBoardCreate, AdminBoardList, AdminBoardPatch } from '@contract';
import { apiGet, apiPatch, apiRequest } from '@web/lib/api';
import { boardMenuQueryKey } from '@web/lib/board-menu';

export const adminBoardsKey = ['admin', 'boards'] as const;

/** `GET /api/admin/boards`: every board with its post count, and the roles for the permission matrix. */
export function useAdminBoards() {
  return useQuery({ queryKey: adminBoardsKey, queryFn: () => apiGet<AdminBoardList>('/api/admin/boards'), staleTime: 0 });
}

/** `PUT /api/admin/boards` (create) or `PATCH /api/admin/boards/{boardCode}` (edit). */
export function useSaveBoard(boardCode: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminBoardCreate | AdminBoardPatch) =>
      boardCode === null
        ? apiRequest<AdminBoard>('PUT', '/api/admin/boards', { body: input })
        : apiPatch<AdminBoard>(`/api/admin/boards/${encodeURIComponent(boardCode)}`, input),
    // The menu, the console's list and the board's own screens read the change at once.
    onSuccess: async (saved) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminBoardsKey }),
        client.invalidateQueries({ queryKey: boardMenuQueryKey }),
        client.invalidateQueries({ queryKey: ['board', saved.boardCode] }),
      ]);
    },
  });
}
