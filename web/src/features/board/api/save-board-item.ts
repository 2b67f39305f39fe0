import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardItem, BoardItemCreateRequest, BoardItemUpdateRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `PUT /api/board-item/{boardCode}`: creates a post; the answer carries its itemNo. */
export const createBoardItem = (boardCode: string, body: BoardItemCreateRequest) =>
  apiCall<BoardItem>(endpoint(endpointRoutes.boardItem.create, { boardCode }), { body });

/** `PATCH /api/board-item/{boardCode}/{itemNo}`: changes the fields sent (an inquiry's answer too). */
export const updateBoardItem = (boardCode: string, itemNo: number, body: BoardItemUpdateRequest) =>
  apiCall<BoardItem>(endpoint(endpointRoutes.boardItem.update, { boardCode, itemNo }), { body });

/** `DELETE /api/board-item/{boardCode}/{itemNo}`. */
export const deleteBoardItem = (boardCode: string, itemNo: number) => apiCall<unknown>(endpoint(endpointRoutes.boardItem.remove, { boardCode, itemNo }));

/**
 * After any change the lists (the board's and the home page's) are stale and the saved post is
 * replaced. A deleted post's own entry is left to expire: the screen still showing it is leaving,
 * and removing it now would make that screen ask the server for it again.
 */
function useAfterChange(boardCode: string) {
  const queryClient = useQueryClient();
  return (itemNo: number, boardItem?: BoardItem) => {
    if (boardItem) queryClient.setQueryData(queryKeys.boardItems.detail(boardCode, itemNo), boardItem);
    void queryClient.invalidateQueries({ queryKey: queryKeys.boardItems.lists });
  };
}

export function useSaveBoardItem(boardCode: string, itemNo: number | null) {
  const afterChange = useAfterChange(boardCode);
  return useMutation({
    mutationFn: (body: BoardItemCreateRequest) =>
      itemNo === null ? createBoardItem(boardCode, body) : updateBoardItem(boardCode, itemNo, body),
    onSuccess: (boardItem) => afterChange(boardItem.itemNo, boardItem),
  });
}

export function useAnswerInquiry(boardCode: string, itemNo: number) {
  const afterChange = useAfterChange(boardCode);
  return useMutation({
    mutationFn: (answer: string) => updateBoardItem(boardCode, itemNo, { answer }),
    onSuccess: (boardItem) => afterChange(itemNo, boardItem),
  });
}

export function useDeleteBoardItem(boardCode: string, itemNo: number) {
  const afterChange = useAfterChange(boardCode);
  return useMutation({
    mutationFn: () => deleteBoardItem(boardCode, itemNo),
    onSuccess: () => afterChange(itemNo),
  });
}
