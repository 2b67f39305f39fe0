import { and, asc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, board, boardItem, boardItemComment, boardItemView, storedFile } from '../../db/schema';
import { buildSearchTokens, htmlToText, queryTokens } from './search-tokens';
import { sanitizeContent } from './sanitize';
import type { SearchType } from '../../../contract';

export type BoardRow = typeof board.$inferSelect;
export type BoardItemRow = Omit<typeof boardItem.$inferSelect, 'searchTokens' | 'contentText' | 'agreedAt' | 'answeredBy'>;

const itemColumns = {
  id: boardItem.id,
  boardCode: boardItem.boardCode,
  itemNo: boardItem.itemNo,
  title: boardItem.title,
  content: boardItem.content,
  category: boardItem.category,
  writerId: boardItem.writerId,
  writerName: boardItem.writerName,
  isNotice: boardItem.isNotice,
  showItemToMain: boardItem.showItemToMain,
  isSecret: boardItem.isSecret,
  viewCount: boardItem.viewCount,
  commentCount: boardItem.commentCount,
  fileCount: boardItem.fileCount,
  thumbnailFileId: boardItem.thumbnailFileId,
  contactEmail: boardItem.contactEmail,
  contactPhone: boardItem.contactPhone,
  answer: boardItem.answer,
  answeredAt: boardItem.answeredAt,
  createdAt: boardItem.createdAt,
  modifiedAt: boardItem.modifiedAt,
  deletedAt: boardItem.deletedAt,
};
const { content: _content, ...neighbourColumns } = itemColumns;
export type BoardItemNeighbourRow = Omit<BoardItemRow, 'content'>;

/** Board codes match case-insensitively (/Nids/Notice/List/ is the notice board); rows carry the canonical code. */
export async function findBoard(db: Db, boardCode: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(board).where(sql`lower(${board.boardCode}) = lower(${boardCode})`);
  return row;
}

export interface ListFilter {
  boardCode: string;
  sortField: 'createdDate' | 'itemNo' | 'viewCount' | 'title';
  direction: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  showItemToMain?: boolean;
  excludeNotices?: boolean;
  onlyWriterId?: number | null;
  searchType?: SearchType;
  keyword?: string;
  category?: string;
}

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(searchType: SearchType, keyword: string): SQL | undefined {
  const pattern = likePattern(keyword);
  const field = (prefix: 't' | 'c' | 'w', recheck: SQL) => {
    const tokens = queryTokens(prefix, keyword);
    if (tokens.length === 0) return undefined;
    // The array containment is the index lookup; the ILIKE rechecks the exact substring.
    return and(sql`${boardItem.searchTokens} @> ${sql`ARRAY[${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}]::text[]`}`, recheck);
  };
  const title = () => field('t', sql`${boardItem.title} ILIKE ${pattern}`);
  const content = () =>
    field('c', sql`${boardItem.contentText} ILIKE ${pattern}`);
  const writer = () => field('w', sql`${boardItem.writerName} ILIKE ${pattern}`);
  switch (searchType) {
    case 'title':
      return title();
    case 'content':
      return content();
    case 'writer':
      return writer();
    case 'titleContent':
      return or(title(), content());
  }
}

function listWhere(f: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(boardItem.boardCode, f.boardCode), sql`${boardItem.deletedAt} IS NULL`];
  if (f.showItemToMain !== undefined) conditions.push(eq(boardItem.showItemToMain, f.showItemToMain));
  if (f.excludeNotices) conditions.push(eq(boardItem.isNotice, false));
  if (f.onlyWriterId !== undefined) {
    conditions.push(f.onlyWriterId === null ? sql`false` : eq(boardItem.writerId, f.onlyWriterId));
  }
  if (f.category) conditions.push(eq(boardItem.category, f.category));
  if (f.searchType && f.keyword) conditions.push(searchCondition(f.searchType, f.keyword));
  return and(...conditions);
}

/**
 * Sort clauses written to match the list indexes exactly (including NULLS placement), so both
 * directions are index scans (docs/decisions/0005-board-list-indexes.md).
 */
function orderBy(field: ListFilter['sortField'], direction: 'ASC' | 'DESC'): SQL[] {
  const column = {
    createdDate: sql`${boardItem.createdAt}`,
    itemNo: sql`${boardItem.itemNo}`,
    viewCount: sql`${boardItem.viewCount}`,
    title: sql`${boardItem.title}`,
  }[field];
  const indexDescending = field === 'createdDate' || field === 'viewCount';
  const dir =
    direction === 'DESC'
      ? indexDescending ? sql`DESC NULLS LAST` : sql`DESC NULLS FIRST`
      : indexDescending ? sql`ASC NULLS FIRST` : sql`ASC NULLS LAST`;
  if (field === 'itemNo') return [sql`${column} ${dir}`];
  return [sql`${column} ${dir}`, sql`${boardItem.id} ${dir}`];
}

export async function listItems(db: Db, f: ListFilter): Promise<{ rows: BoardItemRow[]; total: number }> {
  const where = listWhere(f);
  const [rows, [count]] = await Promise.all([
    db
      .select(itemColumns)
      .from(boardItem)
      .where(where)
      .orderBy(...orderBy(f.sortField, f.direction))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(boardItem).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function listNotices(db: Db, boardCode: string, limit = 20): Promise<BoardItemRow[]> {
  return db
    .select(itemColumns)
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, boardCode), sql`${boardItem.deletedAt} IS NULL`, eq(boardItem.isNotice, true)))
    .orderBy(sql`${boardItem.createdAt} DESC NULLS LAST`)
    .limit(limit);
}

export async function findItem(db: Db, boardCode: string, itemNo: number): Promise<BoardItemRow | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, boardCode), eq(boardItem.itemNo, itemNo), sql`${boardItem.deletedAt} IS NULL`));
  return row;
}

/** The neighbours in the default list order: prev is the older post, next the newer one. */
export async function findNeighbours(
  db: Db,
  item: BoardItemRow,
  onlyWriterId: number | null | undefined,
): Promise<{ prev: BoardItemNeighbourRow | undefined; next: BoardItemNeighbourRow | undefined }> {
  const base = [eq(boardItem.boardCode, item.boardCode), sql`${boardItem.deletedAt} IS NULL`];
  if (onlyWriterId !== undefined) base.push(onlyWriterId === null ? sql`false` : eq(boardItem.writerId, onlyWriterId));
  const older = or(lt(boardItem.createdAt, item.createdAt), and(eq(boardItem.createdAt, item.createdAt), lt(boardItem.id, item.id)));
  const newer = or(gt(boardItem.createdAt, item.createdAt), and(eq(boardItem.createdAt, item.createdAt), gt(boardItem.id, item.id)));
  const [[prev], [next]] = await Promise.all([
    db.select(neighbourColumns).from(boardItem).where(and(...base, older)).orderBy(...orderBy('createdDate', 'DESC')).limit(1),
    db.select(neighbourColumns).from(boardItem).where(and(...base, newer)).orderBy(...orderBy('createdDate', 'ASC')).limit(1),
  ]);
  return { prev, next };
}

export type StoredFileRow = typeof storedFile.$inferSelect;

/** The files of several posts in one query (no N+1 on list pages). */
export async function listFilesOfItems(db: Db, boardItemIds: number[]): Promise<Map<number, StoredFileRow[]>> {
  const byItem = new Map<number, StoredFileRow[]>();
  if (boardItemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(storedFile)
    .where(and(inArray(storedFile.boardItemId, boardItemIds), eq(storedFile.kind, 'attachment')))
    .orderBy(asc(storedFile.boardItemId), asc(storedFile.sortOrder), asc(storedFile.createdAt));
  for (const row of rows) {
    const list = byItem.get(row.boardItemId!) ?? [];
    list.push(row);
    byItem.set(row.boardItemId!, list);
  }
  return byItem;
}

/** Counts a view once per visitor per day; returns the view count after this visit. */
export async function recordView(db: Db, item: BoardItemRow, visitorKey: string, day: string): Promise<number> {
  const inserted = await db
    .insert(boardItemView)
    .values({ boardItemId: item.id, visitorKey, viewDate: day })
    .onConflictDoNothing()
    .returning({ id: boardItemView.boardItemId });
  if (inserted.length === 0) return item.viewCount;
  const [row] = await db
    .update(boardItem)
    .set({ viewCount: sql`${boardItem.viewCount} + 1` })
    .where(eq(boardItem.id, item.id))
    .returning({ viewCount: boardItem.viewCount });
  return row?.viewCount ?? item.viewCount + 1;
}


export interface NewItem {
  boardCode: string;
  title: string;
  content: string;
  category?: string | null;
  writerId: number | null;
  writerName: string;
  isNotice?: boolean;
  showItemToMain?: boolean;
  isSecret?: boolean;
  viewCount?: number;
  createdAt?: Date;
  fileIds?: string[];
  /** Editor images shown inside the content (not listed as attachments). */
  imageFileIds?: string[];
  thumbnailFileId?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  agreedAt?: Date | null;
}

/**
 * Creates a post: takes the board's next item number atomically, stores its search tokens and
 * attaches already-stored files. Call inside a transaction so nothing is half-written.
 */
export async function insertItem(db: Db, item: NewItem): Promise<{ id: number; itemNo: number }> {
  const [counter] = await db
    .update(board)
    .set({ lastItemNo: sql`${board.lastItemNo} + 1` })
    .where(eq(board.boardCode, item.boardCode))
    .returning({ itemNo: board.lastItemNo });
  if (!counter) throw new Error(`no board ${item.boardCode}`);
  const createdAt = item.createdAt ?? new Date();
  const content = sanitizeContent(item.content);
  const contentText = htmlToText(content);
  const [row] = await db
    .insert(boardItem)
    .values({
      boardCode: item.boardCode,
      itemNo: counter.itemNo,
      title: item.title,
      content,
      contentText,
      category: item.category ?? null,
      writerId: item.writerId,
      writerName: item.writerName,
      isNotice: item.isNotice ?? false,
      showItemToMain: item.showItemToMain ?? true,
      isSecret: item.isSecret ?? false,
      viewCount: item.viewCount ?? 0,
      fileCount: item.fileIds?.length ?? 0,
      thumbnailFileId: item.thumbnailFileId ?? null,
      contactEmail: item.contactEmail ?? null,
      contactPhone: item.contactPhone ?? null,
      agreedAt: item.agreedAt ?? null,
      searchTokens: buildSearchTokens({ title: item.title, contentText, writerName: item.writerName }),
      createdAt,
      modifiedAt: createdAt,
    })
    .returning({ id: boardItem.id, itemNo: boardItem.itemNo });
  if (item.fileIds?.length) {
    for (const [sortOrder, fileId] of item.fileIds.entries()) {
      await db.update(storedFile).set({ boardItemId: row!.id, sortOrder, kind: 'attachment' }).where(eq(storedFile.id, fileId));
    }
  }
  if (item.imageFileIds?.length) {
    await db.update(storedFile).set({ boardItemId: row!.id, kind: 'image' }).where(inArray(storedFile.id, item.imageFileIds));
  }
  return row!;
}

export interface ItemPatch {
  title?: string;
  /** Already sanitised. */
  content?: string;
  category?: string | null;
  isNotice?: boolean;
  showItemToMain?: boolean;
  isSecret?: boolean;
  writerName?: string;
  contactEmail?: string | null;
  contactPhone?: string | null;
  answer?: string | null;
  answeredAt?: Date | null;
  answeredBy?: number | null;
  fileCount?: number;
  thumbnailFileId?: string | null;
  modifiedAt: Date;
}

/** Updates a post; its text content and search tokens follow its title, content and writer name. */
export async function updateItem(db: Db, id: number, patch: ItemPatch): Promise<void> {
  const [current] = await db
    .select({ title: boardItem.title, contentText: boardItem.contentText, writerName: boardItem.writerName })
    .from(boardItem)
    .where(eq(boardItem.id, id))
    .for('update');
  if (!current) throw new Error(`no board item ${id}`);
  const values: Partial<typeof boardItem.$inferInsert> = { ...patch };
  if (patch.title !== undefined || patch.content !== undefined || patch.writerName !== undefined) {
    const contentText = patch.content !== undefined ? htmlToText(patch.content) : current.contentText;
    values.contentText = contentText;
    values.searchTokens = buildSearchTokens({
      title: patch.title ?? current.title,
      contentText,
      writerName: patch.writerName ?? current.writerName,
    });
  }
  await db.update(boardItem).set(values).where(eq(boardItem.id, id));
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

/** Removes file rows (attachments taken off a post); returns their stored names, to delete after commit. */
export async function deleteFiles(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(storedFile)
    .where(inArray(storedFile.id, ids))
    .returning({ storedName: storedFile.storedName, thumbnailName: storedFile.thumbnailName });
  return rows.flatMap((r) => [r.storedName, ...(r.thumbnailName ? [r.thumbnailName] : [])]);
}

/** Soft-deletes a post and its comments (docs/decisions/0007-deleting-posts.md). */
export async function softDeleteItem(db: Db, id: number, at: Date): Promise<void> {
  await db.update(boardItem).set({ deletedAt: at }).where(eq(boardItem.id, id));
  await db
    .update(boardItemComment)
    .set({ deletedAt: at })
    .where(and(eq(boardItemComment.boardItemId, id), sql`${boardItemComment.deletedAt} IS NULL`));
}

export async function userName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, userId));
  return row?.name;
}

/** Shows a new writer name on every post of `writerId` (retirement), rebuilding their search tokens. */
export async function renameWriter(db: Db, writerId: number, writerName: string): Promise<number> {
  const rows = await db
    .select({ id: boardItem.id, title: boardItem.title, contentText: boardItem.contentText })
    .from(boardItem)
    .where(eq(boardItem.writerId, writerId));
  for (const row of rows) {
    await db
      .update(boardItem)
      .set({ writerName, searchTokens: buildSearchTokens({ title: row.title, contentText: row.contentText, writerName }) })
      .where(eq(boardItem.id, row.id));
  }
  return rows.length;
}
