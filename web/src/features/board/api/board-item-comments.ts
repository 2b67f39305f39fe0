import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardItemComment, BoardItemCommentPage } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Comments come in thread order: each top-level comment followed by its replies. */
export const COMMENT_PAGE_SIZE = 100;

/** `GET /api/board-item-comment?boardCode&itemNo&page&size` */
export const listComments = (boardCode: string, itemNo: number, page: number) =>
  apiCall<BoardItemCommentPage>(endpoint(endpointRoutes.comment.list), { query: { boardCode, itemNo, page, size: COMMENT_PAGE_SIZE } });

export function useComments(boardCode: string, itemNo: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.comments.page(boardCode, itemNo, page),
    queryFn: () => listComments(boardCode, itemNo, page),
    enabled,
  });
}

type CommentChange =
  | { kind: 'create'; content: string; parentId?: number | null }
  | { kind: 'update'; commentId: number; content: string }
  | { kind: 'delete'; commentId: number };

/**
 * `PUT /api/board-item-comment/{boardCode}/{itemNo}` `{ content, parentId? }`, and `PATCH` /
 * `DELETE .../{commentId}`. Afterwards the comments and the post's comment count are read again.
 */
export function useChangeComment(boardCode: string, itemNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CommentChange): Promise<BoardItemComment | unknown> => {
      if (change.kind === 'create')
        return apiCall(endpoint(endpointRoutes.comment.create, { boardCode, itemNo }), { body: { content: change.content, parentId: change.parentId ?? null } });
      if (change.kind === 'update') return apiCall(endpoint(endpointRoutes.comment.update, { boardCode, itemNo, commentId: change.commentId }), { body: { content: change.content } });
      return apiCall(endpoint(endpointRoutes.comment.remove, { boardCode, itemNo, commentId: change.commentId }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.ofItem(boardCode, itemNo) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardItems.detail(boardCode, itemNo) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardItems.lists });
    },
  });
}
