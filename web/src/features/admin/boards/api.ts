import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBoard, AdminBoardCreate, AdminBoardList, AdminBoardPatch } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/boards`: every board with its post count, and the roles for the permission matrix. */
export function useAdminBoards() {
  return useQuery({ queryKey: queryKeys.admin.boards, queryFn: () => apiCall<AdminBoardList>(endpoint(endpointRoutes.adminBoard.list)), staleTime: 0 });
}

/** `PUT /api/admin/boards` (create) or `PATCH /api/admin/boards/{boardCode}` (edit). */
export function useSaveBoard(boardCode: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminBoardCreate | AdminBoardPatch) =>
      boardCode === null
        ? apiCall<AdminBoard>(endpoint(endpointRoutes.adminBoard.create), { body: input })
        : apiCall<AdminBoard>(endpoint(endpointRoutes.adminBoard.update, { boardCode }), { body: input }),
    // The menu, the console's list and the board's own screens read the change at once.
    onSuccess: async (saved) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.admin.boards }),
        client.invalidateQueries({ queryKey: queryKeys.boardMenu }),
        // The header menu lists a board no entry places in its area's group (issue 22).
        client.invalidateQueries({ queryKey: queryKeys.menu }),
        client.invalidateQueries({ queryKey: queryKeys.board(saved.boardCode) }),
      ]);
    },
  });
}
