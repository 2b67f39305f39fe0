import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { board, boardItem, storedFile } from '../../db/schema';

/**
 * stored_file's one owner (decision 0022): the uploads' rows, their posts, their downloads and
 * their removal. The bytes are the store's (store.ts, s3-store.ts).
 */

export type StoredFileRow = typeof storedFile.$inferSelect;

/**
 * Attachments of several posts: one lookup in stored_file_item_idx for all of them. No ORDER BY:
 * PostgreSQL 15 would sort the bitmap's rows; listFilesOfItems orders each post's few files.
 */
export function filesOfItemsQuery(db: Db, boardItemIds: number[]) {
  return db
    .select()
    .from(storedFile)
    .where(and(sql`${storedFile.boardItemId} = ANY(${sql.param(boardItemIds)}::bigint[])`, eq(storedFile.kind, 'attachment')));
}

/** Display order of a post's files: sort order, then upload time (and id, so ties are stable). */
function byDisplayOrder(a: StoredFileRow, b: StoredFileRow): number {
  return a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** The files of several posts in one query (no N+1 on list pages), each post's in display order. */
export async function listFilesOfItems(db: Db, boardItemIds: number[]): Promise<Map<number, StoredFileRow[]>> {
  const byItem = new Map<number, StoredFileRow[]>();
  if (boardItemIds.length === 0) return byItem;
  const rows = await filesOfItemsQuery(db, boardItemIds);
  for (const row of rows) {
    const list = byItem.get(row.boardItemId!) ?? [];
    list.push(row);
    byItem.set(row.boardItemId!, list);
  }
  for (const list of byItem.values()) list.sort(byDisplayOrder);
  return byItem;
}

/** A new post's files (board/repo.ts insertItem): its attachments in the order given, then its editor images. */
export async function placeFilesOfNewItem(db: Db, boardItemId: number, fileIds: string[], imageFileIds: string[]): Promise<void> {
  if (fileIds.length) {
    for (const [sortOrder, fileId] of fileIds.entries()) {
      await db.update(storedFile).set({ boardItemId, sortOrder, kind: 'attachment' }).where(eq(storedFile.id, fileId));
    }
  }
  if (imageFileIds.length) {
    await db.update(storedFile).set({ boardItemId, kind: 'image' }).where(inArray(storedFile.id, imageFileIds));
  }
}

export async function findFiles(db: Db, ids: string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(storedFile).where(inArray(storedFile.id, ids));
}

/** Every file of a post (attachments and editor images), in display order. */
export async function filesOfItem(db: Db, boardItemId: number): Promise<StoredFileRow[]> {
  return db
    .select()
    .from(storedFile)
    .where(eq(storedFile.boardItemId, boardItemId))
    .orderBy(asc(storedFile.sortOrder), asc(storedFile.createdAt));
}

/**
 * Attaches files that are not on any post yet. Returns how many it took: fewer than asked means
 * another request took one first, and the caller's transaction must fail.
 */
export async function attachFiles(db: Db, boardItemId: number, ids: string[], kind: 'attachment' | 'image'): Promise<number> {
  let taken = 0;
  for (const [sortOrder, id] of ids.entries()) {
    const rows = await db
      .update(storedFile)
      .set({ boardItemId, kind, ...(kind === 'attachment' ? { sortOrder } : {}) })
      .where(and(eq(storedFile.id, id), or(sql`${storedFile.boardItemId} IS NULL`, eq(storedFile.boardItemId, boardItemId))))
      .returning({ id: storedFile.id });
    taken += rows.length;
  }
  return taken;
}

/**
 * Takes an image its uploader sent (`PUT /api/board-item/images`) for a pop-up (issue 22): kind
 * `popup`, which anyone may read and housekeeping leaves alone. False when there is no such loose
 * image of this uploader (another one's, a post's, already taken, gone).
 */
export async function claimPopupImage(db: Db, id: string, uploaderId: number): Promise<boolean> {
  const rows = await db
    .update(storedFile)
    .set({ kind: 'popup' })
    .where(and(eq(storedFile.id, id), isNull(storedFile.boardItemId), eq(storedFile.kind, 'image'), eq(storedFile.createdBy, uploaderId)))
    .returning({ id: storedFile.id });
  return rows.length === 1;
}

/** Removes file rows (attachments taken off a post); returns their stored names, to delete after commit. */
export async function deleteFiles(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(storedFile)
    .where(inArray(storedFile.id, ids))
    .returning({ storedName: storedFile.storedName, thumbnailName: storedFile.thumbnailName });
  return rows.flatMap((r) => [r.storedName, ...(r.thumbnailName ? [r.thumbnailName] : [])]);
}

/** A new upload's row (upload/service.ts, the demo seed). */
export async function insertStoredFile(db: Db, values: typeof storedFile.$inferInsert): Promise<void> {
  await db.insert(storedFile).values(values);
}

/** Several new files' rows in one statement (the demo seed's PDFs). */
export async function insertStoredFiles(db: Db, values: (typeof storedFile.$inferInsert)[]): Promise<void> {
  await db.insert(storedFile).values(values);
}

/**
 * A file with the post and board it is attached to, if any (the file routes decide who may fetch
 * it). board and board_item are read in the join, never written.
 */
export async function findFileWithPost(db: Db, id: string) {
  const [row] = await db
    .select({
      file: storedFile,
      // `id` first: drizzle makes a left-joined object null when its FIRST field is null, and
      // `writerId` is null on a post without a writer (the file then looked unattached: 404).
      item: { id: boardItem.id, writerId: boardItem.writerId, isSecret: boardItem.isSecret, deletedAt: boardItem.deletedAt },
      board: { listStyle: board.listStyle, permissions: board.permissions },
    })
    .from(storedFile)
    .leftJoin(boardItem, eq(boardItem.id, storedFile.boardItemId))
    .leftJoin(board, eq(board.boardCode, boardItem.boardCode))
    .where(eq(storedFile.id, id));
  return row;
}

/** One more download of a file. */
export async function countDownload(db: Db, id: string): Promise<void> {
  await db.update(storedFile).set({ downloadCount: sql`${storedFile.downloadCount} + 1` }).where(eq(storedFile.id, id));
}

/** An address-book workbook this admin uploaded and no import took yet. */
export async function findImportWorkbook(db: Db, fileId: string, userId: number) {
  const [row] = await db
    .select({ name: storedFile.originalName, storedName: storedFile.storedName })
    .from(storedFile)
    .where(and(eq(storedFile.id, fileId), eq(storedFile.kind, 'alumni-import'), eq(storedFile.createdBy, userId), isNull(storedFile.boardItemId)));
  return row;
}

/** Deletes an import workbook's row; returns its stored name, or null when it is gone. */
export async function deleteImportWorkbookRow(db: Db, fileId: string): Promise<string | null> {
  const [row] = await db
    .delete(storedFile)
    .where(and(eq(storedFile.id, fileId), eq(storedFile.kind, 'alumni-import')))
    .returning({ storedName: storedFile.storedName });
  return row?.storedName ?? null;
}

/**
 * Deletes the uploads no post took since `cutoff` (housekeeping). A post claims an upload with
 * `WHERE board_item_id IS NULL`; whichever statement locks the row first wins, and the other finds
 * no row, so an upload is never both attached and deleted.
 */
export function deleteUnattachedBefore(db: Db, cutoff: Date) {
  return db
    .delete(storedFile)
    // A pop-up's image is on no post but taken (claimPopupImage): it goes with its pop-up.
    .where(and(isNull(storedFile.boardItemId), lt(storedFile.createdAt, cutoff), ne(storedFile.kind, 'popup')))
    .returning({ id: storedFile.id, storedName: storedFile.storedName, thumbnailName: storedFile.thumbnailName });
}
