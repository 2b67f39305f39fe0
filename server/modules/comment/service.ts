import type { z } from 'zod';
import {
  boardMessages, messages,
  type BoardItemComment, type BoardItemCommentPage, type boardItemCommentCreateRequest, type boardItemCommentListQuery,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { toKstIso } from '../../lib/time';
import { canOnBoard, findItem, type BoardRow, deny, requireBoard, requireVisible } from '@server/modules/board';
import { memberName } from '@server/modules/user';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Target = { boardCode: string; itemNo: number };

/** The post, if the caller may read it (board right, and a private post only for its writer and managers). */
async function readablePost(db: Db, caller: Caller, target: Target) {
  const board = await requireBoard(db, target.boardCode);
  if (!canOnBoard(caller, board, 'read')) deny(caller);
  const item = await findItem(db, board.boardCode, target.itemNo);
  if (!item) throw notFound(messages.boardItemNotFound);
  requireVisible(caller, board, item);
  return { board, item };
}

function canEdit(caller: Caller, board: BoardRow, row: repo.CommentRow): boolean {
  if (canOnBoard(caller, board, 'manage')) return true;
  return caller.userId !== null && row.writerId === caller.userId;
}

function toComment(row: repo.CommentRow, board: BoardRow, caller: Caller): BoardItemComment {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    content: deleted ? boardMessages.deletedComment : row.content,
    writerName: deleted ? '' : row.writerName,
    createdDate: toKstIso(row.createdAt),
    modifiedDate: toKstIso(row.modifiedAt),
    parentId: row.parentId,
    editable: !deleted && canEdit(caller, board, row),
    deleted,
  };
}

export async function listComments(
  deps: Deps,
  caller: Caller,
  query: z.output<typeof boardItemCommentListQuery>,
): Promise<BoardItemCommentPage> {
  const { board, item } = await readablePost(deps.db, caller, query);
  const page = { page: query.page, size: query.size };
  if (!board.useComments) return { content: [], totalElements: 0, totalPages: 0, ...page };
  const { rows, total } = await repo.listComments(deps.db, item.id, (query.page - 1) * query.size, query.size);
  return { content: rows.map((r) => toComment(r, board, caller)), totalElements: total, totalPages: Math.ceil(total / query.size), ...page };
}

export async function createComment(
  deps: Deps,
  caller: Caller,
  target: Target,
  input: z.output<typeof boardItemCommentCreateRequest>,
): Promise<BoardItemComment> {
  const { board, item } = await readablePost(deps.db, caller, target);
  if (!canOnBoard(caller, board, 'comment') || caller.userId === null) deny(caller);
  if (!board.useComments) throw forbidden(boardMessages.commentsDisabled);
  const writerName = await memberName(deps.db, caller.userId);
  if (!writerName) deny(caller);
  const row = await withTransaction(deps.db, async (tx) => {
    if (input.parentId) {
      const parent = await repo.findComment(tx, item.id, input.parentId);
      if (!parent) throw notFound(boardMessages.commentNotFound);
      if (parent.parentId !== null) throw badRequest(boardMessages.replyDepth);
    }
    const now = deps.clock.now();
    return repo.insertComment(tx, {
      boardItemId: item.id,
      parentId: input.parentId ?? null,
      writerId: caller.userId,
      writerName,
      content: input.content,
      createdAt: now,
      modifiedAt: now,
    });
  });
  return toComment(row, board, caller);
}

async function editableComment(deps: Deps, caller: Caller, target: Target & { commentId: number }) {
  const { board, item } = await readablePost(deps.db, caller, target);
  const row = await repo.findComment(deps.db, item.id, target.commentId);
  if (!row) throw notFound(boardMessages.commentNotFound);
  if (!canEdit(caller, board, row)) {
    if (caller.userId === null) deny(caller);
    throw forbidden(boardMessages.commentNotWriter);
  }
  return { board, item, row };
}

export async function updateComment(deps: Deps, caller: Caller, target: Target & { commentId: number }, content: string) {
  const { board, row } = await editableComment(deps, caller, target);
  return toComment(await repo.updateComment(deps.db, row.id, content, deps.clock.now()), board, caller);
}

export async function deleteComment(deps: Deps, caller: Caller, target: Target & { commentId: number }) {
  const { item, row } = await editableComment(deps, caller, target);
  const deleted = await withTransaction(deps.db, (tx) => repo.deleteComment(tx, item.id, row.id, deps.clock.now()));
  if (!deleted) throw notFound(boardMessages.commentNotFound);
  return { id: row.id };
}
