import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRow } from '@server/db/first-row';
import { board, boardItem, boardItemComment } from '../../db/schema';
import { countCommentAdded, countCommentRemoved } from '@server/modules/board';

export type CommentRow = typeof boardItemComment.$inferSelect;

/**
 * Comments shown on a post: live ones, and deleted top-level ones that still have live replies
 * (shown as 삭제된 댓글입니다 so the thread keeps its shape).
 */
function shown(boardItemId: number): SQL {
  return sql`${boardItemComment.boardItemId} = ${boardItemId} AND (${boardItemComment.deletedAt} IS NULL OR (${boardItemComment.parentId} IS NULL AND EXISTS (
    SELECT 1 FROM board_item_comment r WHERE r.parent_id = ${boardItemComment.id} AND r.deleted_at IS NULL)))`;
}

/** One page in thread order (board_item_comment_thread_idx): each top-level comment, then its replies. */
export function commentsPageQuery(db: Db, boardItemId: number, offset: number, limit: number) {
  return db
    .select()
    .from(boardItemComment)
    .where(shown(boardItemId))
    .orderBy(sql`coalesce(${boardItemComment.parentId}, ${boardItemComment.id})`, boardItemComment.id)
    .limit(limit)
    .offset(offset);
}

/** The comments a post shows: a few rows under board_item_comment_thread_idx. */
export function commentsCountQuery(db: Db, boardItemId: number) {
  return db.select({ total: sql<number>`count(*)::int` }).from(boardItemComment).where(shown(boardItemId));
}

export async function listComments(db: Db, boardItemId: number, offset: number, limit: number) {
  const [rows, [count]] = await Promise.all([commentsPageQuery(db, boardItemId, offset, limit), commentsCountQuery(db, boardItemId)]);
  return { rows, total: count?.total ?? 0 };
}

export async function findComment(db: Db, boardItemId: number, id: number): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(boardItemComment)
    .where(and(eq(boardItemComment.boardItemId, boardItemId), eq(boardItemComment.id, id), sql`${boardItemComment.deletedAt} IS NULL`));
  return row;
}

export async function insertComment(db: Db, values: typeof boardItemComment.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(boardItemComment).values(values).returning();
  await countCommentAdded(db, values.boardItemId);
  return row!;
}

export async function updateComment(db: Db, id: number, content: string, at: Date): Promise<CommentRow> {
  const [row] = await db.update(boardItemComment).set({ content, modifiedAt: at }).where(eq(boardItemComment.id, id)).returning();
  return row!;
}

/** Deletes a live comment and keeps the post's comment count; false if another request deleted it first. */
export async function deleteComment(db: Db, boardItemId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(boardItemComment)
    .set({ deletedAt: at })
    .where(and(eq(boardItemComment.id, id), sql`${boardItemComment.deletedAt} IS NULL`))
    .returning({ id: boardItemComment.id });
  if (rows.length === 0) return false;
  await countCommentRemoved(db, boardItemId);
  return true;
}

/**
 * The console's dashboard (admin-dashboard): comments since `week`, over
 * `board_item_comment_created_idx (created_at) WHERE deleted_at IS NULL`, index-only.
 */
export const commentCountsQuery = (week: Date) =>
  sql`SELECT count(*)::int AS n FROM board_item_comment
      WHERE created_at >= ${week.toISOString()}::timestamptz AND deleted_at IS NULL`;

export const commentCounts = (db: Db, week: Date) => firstRow<{ n: number }>(db, commentCountsQuery(week));

/**
 * Soft-deletes the live comments of a deleted post, in the post's transaction (docs/decisions/
 * 0007-deleting-posts.md). The board module calls it through what server/app.ts hands its routes:
 * comment imports board, so board cannot import comment.
 */
export async function softDeleteCommentsOfPost(db: Db, boardItemId: number, at: Date): Promise<void> {
  await db
    .update(boardItemComment)
    .set({ deletedAt: at })
    .where(and(eq(boardItemComment.boardItemId, boardItemId), sql`${boardItemComment.deletedAt} IS NULL`));
}

/**
 * My page's 내 댓글 (issue 23): a member's live comments on live posts, newest first along
 * board_item_comment_writer_idx, each with its post (title, number) and board (name, area) read in
 * the same statement by primary key (board/repo.ts owns those tables; this only reads them).
 */
function memberCommentsWhere(writerId: number): SQL {
  return and(eq(boardItemComment.writerId, writerId), isNull(boardItemComment.deletedAt), isNull(boardItem.deletedAt))!;
}

export function memberCommentsQuery(db: Db, writerId: number, page: { offset: number; limit: number }) {
  return db
    .select({
      id: boardItemComment.id,
      content: boardItemComment.content,
      createdAt: boardItemComment.createdAt,
      boardCode: boardItem.boardCode,
      boardName: board.name,
      area: board.area,
      itemNo: boardItem.itemNo,
      title: boardItem.title,
      isSecret: boardItem.isSecret,
    })
    .from(boardItemComment)
    .innerJoin(boardItem, eq(boardItem.id, boardItemComment.boardItemId))
    .innerJoin(board, eq(board.boardCode, boardItem.boardCode))
    .where(memberCommentsWhere(writerId))
    .orderBy(sql`${boardItemComment.createdAt} DESC NULLS LAST`, sql`${boardItemComment.id} DESC NULLS LAST`)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * How many live comments the member has: their entries in board_item_comment_writer_idx alone. A
 * deleted post's comments are deleted with it, in its transaction (softDeleteCommentsOfPost), so a
 * live comment is on a live post and the count needs no probe of board_item per comment, which
 * the page above makes for its ten rows only.
 */
export function memberCommentsCountQuery(db: Db, writerId: number) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(boardItemComment)
    .where(and(eq(boardItemComment.writerId, writerId), isNull(boardItemComment.deletedAt)));
}
