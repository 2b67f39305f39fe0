import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardItem, BoardItemCreateRequest, BoardItemUpdateRequest } from '@contract';
import { apiRequest } from '@web/lib/api';
import { boardItemQueryKey } from './get-board-item';

const itemPath = (boardCode: string, itemNo?: number) =>
  `/api/board-item/${encodeURIComponent(boardCode)}${itemNo === undefined ? '' : `/${itemNo}`}`;

/** `PUT /api/board-item/{boardCode}`: creates a post; the answer carries its itemNo. */
export const createBoardItem = (boardCode: string, body: BoardItemCreateRequest) =>
  apiRequest<BoardItem>('PUT', itemPath(boardCode), { body });

/** `PATCH /api/board-item/{boardCode}/{itemNo}`: changes the fields sent (an inquiry's answer too). */
export const updateBoardItem = (boardCode: string, itemNo: number, body: BoardItemUpdateRequest) =>
  apiRequest<BoardItem>('PATCH', itemPath(boardCode, itemNo), { body });

/** `DELETE /api/board-item/{boardCode}/{itemNo}`. */
export const deleteBoardItem = (boardCode: string, itemNo: number) => apiRequest<unknown>('DELETE', itemPath(boardCode, itemNo));

/**
 * After any change the lists (the board's and the home page's) are stale and the saved post is
 * replaced. A deleted post's own entry is left to expire: the screen still showing it is leaving,
 * and removing it now would make that screen ask the server for it again.
 */
function useAfterChange(boardCode: string) {
  const queryClient = useQueryClient();
  return (itemNo: number, boardItem?: BoardItem) => {
    if (boardItem) queryClient.setQueryData(boardItemQueryKey(boardCode, itemNo), boardItem);
    void queryClient.invalidateQueries({ queryKey: ['board-item', 'list'] });
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
