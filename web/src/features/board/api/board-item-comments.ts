import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardItemComment, BoardItemCommentPage } from '@contract';
import { apiGet, apiRequest } from '@web/lib/api';
import { boardItemQueryKey } from './get-board-item';

/** Comments come in thread order: each top-level comment followed by its replies. */
export const COMMENT_PAGE_SIZE = 100;

/** `GET /api/board-item-comment?boardCode&itemNo&page&size` */
export const listComments = (boardCode: string, itemNo: number, page: number) =>
  apiGet<BoardItemCommentPage>('/api/board-item-comment', { boardCode, itemNo, page, size: COMMENT_PAGE_SIZE });

export const commentsQueryKey = (boardCode: string, itemNo: number) => ['board-item-comment', boardCode, itemNo] as const;

export function useComments(boardCode: string, itemNo: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...commentsQueryKey(boardCode, itemNo), page],
    queryFn: () => listComments(boardCode, itemNo, page),
    enabled,
  });
}

const commentPath = (boardCode: string, itemNo: number, commentId?: number) =>
  `/api/board-item-comment/${encodeURIComponent(boardCode)}/${itemNo}${commentId === undefined ? '' : `/${commentId}`}`;

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
        return apiRequest('PUT', commentPath(boardCode, itemNo), { body: { content: change.content, parentId: change.parentId ?? null } });
      if (change.kind === 'update') return apiRequest('PATCH', commentPath(boardCode, itemNo, change.commentId), { body: { content: change.content } });
      return apiRequest('DELETE', commentPath(boardCode, itemNo, change.commentId));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(boardCode, itemNo) });
      void queryClient.invalidateQueries({ queryKey: boardItemQueryKey(boardCode, itemNo) });
      void queryClient.invalidateQueries({ queryKey: ['board-item', 'list'] });
    },
  });
}
