import { and, asc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { literalLimit, placeholder, preparedPerDatabase, withRowsMappedOnce } from '../../db/prepared';
import type { Db } from '../../db/client';
import type { View } from './view-counter';
import { firstRow } from '@server/db/first-row';
import { board, boardItem, boardItemCount, boardItemView, storedFile } from '../../db/schema';
import { filesOfItem, placeFilesOfNewItem, type StoredFileRow } from '@server/modules/file';
import { buildSearchTokens, fileNameTokens, htmlToText, queryTokens } from './search-tokens';
import { sanitizeContent } from './sanitize';
import { BatchedReads, MAX_BATCH } from './view-reads';
import { INQUIRY_BOARD, type InquiryStatus, type SearchType } from '@contract';

export type BoardRow = typeof board.$inferSelect;
export type BoardItemRow = Omit<typeof boardItem.$inferSelect, 'searchTokens' | 'contentText' | 'agreedAt' | 'answeredBy' | 'inquiryStatus'>;

/**
 * A post's views as shown: those folded into its row plus its tally's since the last fold
 * (schema.ts boardItemViewTally), one primary-key probe (the tally keeps its pages after a fold so
 * that it stays the cheaper plan: decision 0046). `table` is the name or alias the post's
 * row goes by in the statement, written out so the subquery cannot take its own columns for it.
 * Lists sorted by views walk board_item_view_idx, on the folded count: their order may lag the
 * shown counts by up to one fold interval (docs/decisions/0038-view-tally.md).
 */
export const shownViews = (table: string) =>
  sql<number>`(${sql.identifier(table)}.view_count + coalesce((SELECT t.views FROM board_item_view_tally t WHERE t.board_item_id = ${sql.identifier(table)}.id), 0))`;

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
  viewCount: shownViews('board_item'),
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

/** No character of the keyword has a case (Hangul, digits, punctuation): LIKE and ILIKE agree. */
export function caseless(keyword: string): boolean {
  return keyword.toLowerCase() === keyword.toUpperCase();
}

/**
 * Whether a keyword's tokens alone decide a match: one word of one or two characters whose lower
 * case PostgreSQL and JavaScript agree on (Hangul and other caseless scripts, ASCII). Its single
 * token is then present exactly when the text contains the keyword.
 */
export function tokensDecide(keyword: string): boolean {
  const chars = Array.from(keyword.trim());
  if (chars.length === 0 || chars.length > 2) return false;
  return chars.every((c) => !/\s/.test(c) && (c.charCodeAt(0) < 0x80 || c.toLowerCase() === c.toUpperCase()));
}

/**
 * The search filter. The text recheck (LIKE or ILIKE) comes first: PostgreSQL evaluates equally
 * cheap conditions in the order written, and a title or writer name (short, stored inline)
 * rejects a row without reading its large, TOASTed token array. The token containment is what
 * the GIN index serves
 * (docs/decisions/0004-korean-search.md). For counts (`exactTokens`), the content recheck is left
 * out where the tokens decide: it would read the whole TOASTed text of every match.
 */
function searchCondition(searchType: SearchType, keyword: string, exactTokens = false): SQL | undefined {
  const pattern = likePattern(keyword);
  // ILIKE lower-cases every candidate character by character (about 6 µs a Korean title); a
  // keyword without case (Hangul, digits) matches the same rows with LIKE, about six times faster.
  const like = caseless(keyword) ? sql`LIKE` : sql`ILIKE`;
  const field = (prefix: 't' | 'c' | 'w', recheck: SQL) => {
    const tokens = queryTokens(prefix, keyword);
    if (tokens.length === 0) return undefined;
    const lookup = sql`${boardItem.searchTokens} @> ${sql`ARRAY[${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}]::text[]`}`;
    const skipRecheck = exactTokens && prefix === 'c' && tokensDecide(keyword);
    return skipRecheck ? lookup : and(recheck, lookup);
  };
  const title = () => field('t', sql`${boardItem.title} ${like} ${pattern}`);
  const content = () => field('c', sql`${boardItem.contentText} ${like} ${pattern}`);
  const writer = () => field('w', sql`${boardItem.writerName} ${like} ${pattern}`);
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

const searching = (f: ListFilter) => Boolean(f.searchType && f.keyword);

function listWhere(f: ListFilter, opts: { exactTokens?: boolean } = {}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(boardItem.boardCode, f.boardCode), sql`${boardItem.deletedAt} IS NULL`];
  if (f.showItemToMain !== undefined) conditions.push(eq(boardItem.showItemToMain, f.showItemToMain));
  if (f.excludeNotices) conditions.push(eq(boardItem.isNotice, false));
  if (f.onlyWriterId !== undefined) {
    conditions.push(f.onlyWriterId === null ? sql`false` : eq(boardItem.writerId, f.onlyWriterId));
  }
  if (f.category) conditions.push(eq(boardItem.category, f.category));
  if (searching(f)) conditions.push(searchCondition(f.searchType!, f.keyword!, opts.exactTokens));
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

/**
 * Search result counts stop here. Counting a common token (환자 in a fifth of a million posts)
 * would visit every match; past this many the total reads as this many (100 pages of 10), while
 * every page's content stays exact (docs/decisions/0011-counts-and-deep-pages.md).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * One page of posts with the list's total. The page is a deferred join: its ids come from an
 * index-only scan of the list index, then only those rows are read. A page past the middle of a
 * list whose exact total is known walks the index from the other end, so the last page of a
 * million posts is as quick as the first (docs/decisions/0011-counts-and-deep-pages.md).
 */
export async function listItems(db: Db, f: ListFilter): Promise<{ rows: BoardItemRow[]; total: number; capped: boolean }> {
  if (f.onlyWriterId === null) return { rows: [], total: 0, capped: false };
  if (searching(f)) {
    const [rows, total] = await Promise.all([listPage(db, f), countSearch(db, f)]);
    // At the cap there may be more matches: the total is then a lower bound.
    return { rows, total, capped: total >= SEARCH_COUNT_CAP };
  }
  const total = await countItems(db, f);
  return { rows: await listPage(db, fromNearerEnd(f, total)), total, capped: false };
}

/**
 * The same page asked from the nearer end of the list: positions [offset, offset + limit) of an
 * order are positions [total - offset - limit, total - offset) of its reverse. `reversed` pages
 * answer their ids back in the asked order.
 */
export function fromNearerEnd(f: ListFilter, total: number): ListFilter & { reversed?: boolean } {
  if (f.offset + f.limit / 2 <= total / 2) return f;
  const end = Math.max(total - f.offset, 0);
  const start = Math.max(end - f.limit, 0);
  return { ...f, direction: f.direction === 'DESC' ? 'ASC' : 'DESC', offset: start, limit: end - start, reversed: true };
}

/** The page's ids in list order: an index-only scan of the list index, to the OFFSET. */
export function pageIdsQuery(db: Db, f: ListFilter) {
  return db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(listWhere(f))
    .orderBy(...orderBy(f.sortField, f.direction))
    .limit(f.limit)
    .offset(f.offset);
}

async function listPage(db: Db, f: ListFilter & { reversed?: boolean }): Promise<BoardItemRow[]> {
  if (f.limit === 0) return [];
  const ids = (await pageIdsQuery(db, f)).map((r) => r.id);
  return itemsInOrder(db, f.reversed ? ids.reverse() : ids);
}

/** The rows of a page: a primary-key probe for each id. */
export function itemsByIdsQuery(db: Db, ids: number[]) {
  return db.select(itemColumns).from(boardItem).where(sql`${boardItem.id} = ANY(${sql.param(ids)}::bigint[])`);
}

/** The rows of `ids`, in the order of `ids` (the page's order, so no sort is needed). */
async function itemsInOrder(db: Db, ids: number[]): Promise<BoardItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await itemsByIdsQuery(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A post deleted between the two reads is left out rather than shown half-read.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The exact number of posts a plain list shows, without counting the board: the sum of a few
 * counter rows, or for a writer's own posts a count under board_item_writer_idx (a few rows).
 */
export async function countItems(db: Db, f: ListFilter): Promise<number> {
  if (f.onlyWriterId === null) return 0;
  if (f.onlyWriterId !== undefined) return countRows(db, f);
  return countFromCounters(db, f);
}

export function countersQuery(db: Db, f: Pick<ListFilter, 'boardCode' | 'showItemToMain' | 'excludeNotices' | 'category'>) {
  const conditions: SQL[] = [eq(boardItemCount.boardCode, f.boardCode)];
  if (f.showItemToMain !== undefined) conditions.push(eq(boardItemCount.showItemToMain, f.showItemToMain));
  if (f.excludeNotices) conditions.push(eq(boardItemCount.isNotice, false));
  if (f.category) conditions.push(eq(boardItemCount.category, f.category));
  return db
    .select({ total: sql<number>`coalesce(sum(${boardItemCount.itemCount}), 0)::int` })
    .from(boardItemCount)
    .where(and(...conditions));
}

async function countFromCounters(db: Db, f: ListFilter): Promise<number> {
  const [row] = await countersQuery(db, f);
  return row?.total ?? 0;
}

/** An exact count: only for a writer's own posts, a few rows under board_item_writer_idx. */
async function countRows(db: Db, f: ListFilter): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(boardItem).where(listWhere(f));
  return row?.total ?? 0;
}

/**
 * Matches up to SEARCH_COUNT_CAP, walked in the list's own order: for a common token that is the
 * list index with a filter, stopping at the cap (a GIN bitmap would first collect every match);
 * for a rare one, its few matches from the GIN index.
 */
export function searchCountQuery(db: Db, f: ListFilter) {
  const matches = db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(listWhere(f, { exactTokens: true }))
    .orderBy(...orderBy(f.sortField, f.direction))
    .limit(SEARCH_COUNT_CAP)
    .as('matches');
  return db.select({ total: sql<number>`count(*)::int` }).from(matches);
}

async function countSearch(db: Db, f: ListFilter): Promise<number> {
  const [row] = await searchCountQuery(db, f);
  return row?.total ?? 0;
}

export async function listNotices(db: Db, boardCode: string, limit = 20): Promise<BoardItemRow[]> {
  return db
    .select(itemColumns)
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, boardCode), sql`${boardItem.deletedAt} IS NULL`, eq(boardItem.isNotice, true)))
    .orderBy(sql`${boardItem.createdAt} DESC NULLS LAST`)
    .limit(limit);
}

/** The post view's lookup: one probe of board_item_no_uq. */
export function findItemQuery(db: Db, boardCode: string, itemNo: number) {
  return db
    .select(itemColumns)
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, boardCode), eq(boardItem.itemNo, itemNo), sql`${boardItem.deletedAt} IS NULL`));
}

export async function findItem(db: Db, boardCode: string, itemNo: number): Promise<BoardItemRow | undefined> {
  const [row] = await findItemQuery(db, boardCode, itemNo);
  return row;
}

/** What the view shows of a neighbour, and what deciding whether to hide its title needs. */
export interface NeighbourRow {
  itemNo: number;
  title: string;
  isSecret: boolean;
  writerId: number | null;
}

/** What the view shows of an attachment (service.toBoardFile). */
export type ViewFileRow = Pick<StoredFileRow, 'id' | 'originalName' | 'size' | 'contentType' | 'thumbnailName' | 'downloadCount'>;

export interface ViewRow {
  item: BoardItemRow;
  files: ViewFileRow[];
  prev: NeighbourRow | null;
  next: NeighbourRow | null;
  /** The start of the post's text (400 characters): a guest's page of the post describes it with this (seo/post-facts.ts). */
  excerpt: string;
}

const viewed = alias(boardItem, 'viewed');

/**
 * One neighbour of the viewed post in the default list order: a single probe of
 * board_item_created_idx from the post's own place, as a row comparison (an index condition; an
 * OR of two comparisons is not). Its place is the outer row's, so no millisecond JavaScript date
 * stands in for a microsecond timestamp.
 */
function neighbourOf(db: Db, side: 'older' | 'newer', onlyWriterId: number | null | undefined): SQL {
  const conditions: (SQL | undefined)[] = [eq(boardItem.boardCode, viewed.boardCode), sql`${boardItem.deletedAt} IS NULL`];
  if (onlyWriterId !== undefined) conditions.push(onlyWriterId === null ? sql`false` : eq(boardItem.writerId, onlyWriterId));
  conditions.push(
    side === 'older'
      ? sql`(${boardItem.createdAt}, ${boardItem.id}) < (${viewed.createdAt}, ${viewed.id})`
      : sql`(${boardItem.createdAt}, ${boardItem.id}) > (${viewed.createdAt}, ${viewed.id})`,
  );
  const neighbour = db
    .select({
      json: sql`json_build_object('itemNo', ${boardItem.itemNo}, 'title', ${boardItem.title}, 'isSecret', ${boardItem.isSecret}, 'writerId', ${boardItem.writerId})`,
    })
    .from(boardItem)
    .where(and(...conditions))
    .orderBy(...orderBy('createdDate', side === 'older' ? 'DESC' : 'ASC'))
    .limit(literalLimit(1));
  return sql`(${neighbour})`;
}

/** The viewed post's attachments in display order, which stored_file_item_idx already gives (no sort). */
const attachmentsOfViewed = sql`(SELECT coalesce(json_agg(json_build_object(
    'id', f.id, 'originalName', f.original_name, 'size', f.size, 'contentType', f.content_type,
    'thumbnailName', f.thumbnail_name, 'downloadCount', f.download_count)
    ORDER BY f.sort_order, f.created_at), '[]'::json)
  FROM ${storedFile} f WHERE f.board_item_id = ${viewed.id} AND f.kind = 'attachment')`;

/**
 * The post view in one statement: the post by its board and number (board_item_no_uq), its
 * attachments (stored_file_item_idx), its two neighbours (one probe each) and the start of its
 * text, which its page's head takes (one statement for a page nobody opened lately, not two). A
 * view that misses the guest cache is one round trip and one plan instead of four.
 */
export function viewQuery(db: Db, boardCode: string, itemNo: number, onlyWriterId: number | null | undefined) {
  return viewSelect(db, boardCode, eq(viewed.itemNo, itemNo), onlyWriterId);
}

/**
 * viewQuery of several posts of one board for every caller who sees the whole board: the posts by
 * one walk of board_item_no_uq over the numbers (an index condition `= ANY`), each with its
 * attachments and neighbours as above. `itemNos` is an array of whole numbers (or its placeholder).
 */
export function viewsQuery(db: Db, boardCode: string, itemNos: number[]) {
  // One parameter: in sql`...` Drizzle would spread an array into a list of parameters.
  const list = Array.isArray(itemNos) ? sql.param(itemNos) : itemNos;
  return viewSelect(db, boardCode, sql`${viewed.itemNo} = ANY(${list}::int[])`, undefined);
}

function viewSelect(db: Db, boardCode: string, which: SQL, onlyWriterId: number | null | undefined) {
  const columns = {
    ...(Object.fromEntries(Object.keys(itemColumns).map((k) => [k, viewed[k as keyof typeof itemColumns]])) as unknown as typeof itemColumns),
    viewCount: shownViews('viewed'),
  };
  return db
    .select({
      ...columns,
      excerpt: sql<string>`left(${viewed.contentText}, 400)`,
      files: sql<ViewFileRow[]>`${attachmentsOfViewed}`,
      prev: sql<NeighbourRow | null>`${neighbourOf(db, 'older', onlyWriterId)}`,
      next: sql<NeighbourRow | null>`${neighbourOf(db, 'newer', onlyWriterId)}`,
    })
    .from(viewed)
    .where(and(eq(viewed.boardCode, boardCode), which, sql`${viewed.deletedAt} IS NULL`));
}

type ViewSelectRow = Awaited<ReturnType<typeof viewQuery>>[number];

/**
 * The guests' view (every caller who sees the whole board; the view that misses the guest cache),
 * prepared by name, its reads of one turn sent together (view-reads.ts).
 */
export const preparedViews = preparedPerDatabase((db) =>
  withRowsMappedOnce(viewsQuery(db, placeholder('boardCode'), placeholder<number[]>('itemNos')).prepare('board_item_views')),
);
const guestViewReads = preparedPerDatabase(
  (db) =>
    new BatchedReads<ViewSelectRow>(
      (boardCode, itemNos) => preparedViews(db).execute({ boardCode, itemNos: paddedNumbers(itemNos) }),
      (row) => Number(row.itemNo),
    ),
);

/**
 * The numbers of a batched view as sent: MAX_BATCH of them, repeating the first. PostgreSQL prices
 * the generic plan of `= ANY($n)` as ten elements and a custom plan by the array it is given, so for
 * batches of fewer than about ten it kept planning the statement anew (0.4-0.5 ms a batch: the
 * view's four subqueries); against 32 it settles on the generic plan after five. A repeated number
 * costs nothing: the index scan drops repeats before it probes (and a row matches once).
 */
export function paddedNumbers(itemNos: number[]): number[] {
  if (itemNos.length === 0 || itemNos.length >= MAX_BATCH) return itemNos;
  return [...itemNos, ...Array<number>(MAX_BATCH - itemNos.length).fill(itemNos[0]!)];
}

export async function findItemForView(
  db: Db,
  boardCode: string,
  itemNo: number,
  onlyWriterId: number | null | undefined,
): Promise<ViewRow | undefined> {
  const row =
    onlyWriterId === undefined ? await guestViewReads(db).read(boardCode, itemNo) : (await viewQuery(db, boardCode, itemNo, onlyWriterId))[0];
  if (!row) return undefined;
  const { files, prev, next, excerpt, ...item } = row;
  return { item, files, prev, next, excerpt };
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
  await placeFilesOfNewItem(db, row!.id, item.fileIds ?? [], item.imageFileIds ?? []);
  if (item.fileIds?.length) await refreshFileTokens(db, row!.id);
  return row!;
}

/** A post's tokens of its own files (f:), kept when the other tokens are rebuilt. */
const fileTokensOf = sql<string[]>`ARRAY(SELECT x FROM unnest(${boardItem.searchTokens}) AS x WHERE x LIKE 'f:%')`;

/**
 * Rewrites a post's file-name tokens (f:) from its attachments as they are now: call after the
 * attachments change, in the same transaction (issue 23: the site search finds posts by them).
 */
export async function refreshFileTokens(db: Db, id: number): Promise<void> {
  const names = (await filesOfItem(db, id)).filter((f) => f.kind === 'attachment').map((f) => f.originalName);
  const tokens = fileNameTokens(names);
  await db
    .update(boardItem)
    .set({
      searchTokens: sql`ARRAY(SELECT x FROM unnest(${boardItem.searchTokens}) AS x WHERE x NOT LIKE 'f:%') || ${sql.param(tokens)}::text[]`,
    })
    .where(eq(boardItem.id, id));
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
  /** Inquiry boards: the console's queue state (an answer makes it DONE). */
  inquiryStatus?: 'RECEIVED' | 'IN_PROGRESS' | 'DONE';
  fileCount?: number;
  thumbnailFileId?: string | null;
  modifiedAt: Date;
}

/** Updates a post; its text content and search tokens follow its title, content and writer name. */
export async function updateItem(db: Db, id: number, patch: ItemPatch): Promise<void> {
  const [current] = await db
    .select({ title: boardItem.title, contentText: boardItem.contentText, writerName: boardItem.writerName, fileTokens: fileTokensOf })
    .from(boardItem)
    .where(eq(boardItem.id, id))
    .for('update');
  if (!current) throw new Error(`no board item ${id}`);
  const values: Partial<typeof boardItem.$inferInsert> = { ...patch };
  if (patch.title !== undefined || patch.content !== undefined || patch.writerName !== undefined) {
    const contentText = patch.content !== undefined ? htmlToText(patch.content) : current.contentText;
    values.contentText = contentText;
    values.searchTokens = [
      ...buildSearchTokens({ title: patch.title ?? current.title, contentText, writerName: patch.writerName ?? current.writerName }),
      ...current.fileTokens,
    ];
  }
  await db.update(boardItem).set(values).where(eq(boardItem.id, id));
}

/**
 * Soft-deletes a post (docs/decisions/0007-deleting-posts.md); its comments go in the same
 * transaction through the comment module's repository (write.ts deleteItem).
 */
export async function softDeleteItem(db: Db, id: number, at: Date): Promise<void> {
  await db.update(boardItem).set({ deletedAt: at }).where(eq(boardItem.id, id));
}


/** Shows a new writer name on every post of `writerId` (retirement), rebuilding their search tokens. */
export async function renameWriter(db: Db, writerId: number, writerName: string): Promise<number> {
  const rows = await db
    .select({ id: boardItem.id, title: boardItem.title, contentText: boardItem.contentText, fileTokens: fileTokensOf })
    .from(boardItem)
    .where(eq(boardItem.writerId, writerId));
  for (const row of rows) {
    await db
      .update(boardItem)
      .set({ writerName, searchTokens: [...buildSearchTokens({ title: row.title, contentText: row.contentText, writerName }), ...row.fileTokens] })
      .where(eq(boardItem.id, row.id));
  }
  return rows.length;
}

/** Every board for the menu (`GET /api/board`), in menu order. */
export async function listBoardsForMenu(db: Db) {
  return db
    .select({ boardCode: board.boardCode, area: board.area, name: board.name, listStyle: board.listStyle, sortOrder: board.sortOrder })
    .from(board)
    .orderBy(asc(board.sortOrder), asc(board.boardCode));
}

/**
 * The console's dashboard (admin-dashboard): every post, from the counters the board triggers keep,
 * and the posts since `week`, per board over `board_item_created_idx (board_code, created_at DESC, ...)`,
 * an index-only range each.
 */
export const postCountsQuery = (week: Date) =>
  sql`SELECT (SELECT coalesce(sum(item_count), 0)::int FROM board_item_count) AS total,
             (SELECT coalesce(sum(c.n), 0)::int FROM board b, LATERAL (
                SELECT count(*) AS n FROM board_item i
                WHERE i.board_code = b.board_code AND i.deleted_at IS NULL AND i.created_at >= ${week.toISOString()}::timestamptz) c
             ) AS this_week`;

export const postCounts = (db: Db, week: Date) => firstRow<{ total: number; this_week: number }>(db, postCountsQuery(week));

// The views of posts (view-counter.ts buffers them and flushes them here).
/**
 * One statement: inserts the views that are new (the primary key drops repeats, also those that
 * another instance stored first) and adds, per post, the number actually inserted to its tally
 * (an update that stays on its page: the post's own row is not written, not even locked: decision
 * 0045). Only views of posts there are stored (the join on board_item's key, an index-only probe).
 * Returns the board codes whose counts changed, from the views' own (reading each post's row for
 * its board was a random heap page a view: 40 % of a flush at a million posts, session 33). Posts go in
 * id order, as the fold takes them, so that two flushes or a flush and a fold lock tallies in the
 * same order and cannot deadlock.
 */
export async function storeViews(db: Db, views: View[]): Promise<string[]> {
  // A bigint: the driver answers it as a string.
  const result = (await db.execute(storeViewsQuery(views))) as unknown as { rows: { id: number | string }[] };
  const tallied = new Set(result.rows.map((r) => Number(r.id)));
  return [...new Set(views.filter((v) => tallied.has(v.itemId)).map((v) => v.boardCode))];
}

/** storeViews' statement: it answers the ids of the posts whose tallies grew. */
export function storeViewsQuery(views: View[]) {
  const sorted = [...views].sort((a, b) => a.itemId - b.itemId);
  return sql`
    WITH incoming AS (
      SELECT DISTINCT v.board_item_id, v.visitor_key, v.view_date
      FROM unnest(${sql.param(sorted.map((v) => v.itemId))}::bigint[],
                  ${sql.param(sorted.map((v) => v.visitor))}::text[],
                  ${sql.param(sorted.map((v) => v.day))}::date[]) AS v(board_item_id, visitor_key, view_date)
    ), added AS (
      INSERT INTO board_item_view (board_item_id, visitor_key, view_date)
      SELECT i.board_item_id, i.visitor_key, i.view_date
      FROM incoming i JOIN board_item b ON b.id = i.board_item_id
      ORDER BY i.board_item_id
      ON CONFLICT DO NOTHING
      RETURNING board_item_id
    ), tallied AS (
      INSERT INTO board_item_view_tally AS t (board_item_id, views)
      SELECT board_item_id, count(*)::int FROM added GROUP BY board_item_id ORDER BY board_item_id
      ON CONFLICT (board_item_id) DO UPDATE SET views = t.views + excluded.views
      RETURNING t.board_item_id
    )
    SELECT board_item_id AS id FROM tallied`;
}

/**
 * Tallies moved per fold statement: a short transaction each, whatever piled up. Each post's row
 * rewrite costs about 0.6 ms (every index gets an entry, the search tokens' GIN index about 300),
 * so 500 hold their rows locked for about 0.3 s; an edit of one of them waits that long at most.
 */
export const FOLD_BATCH = 500;

/**
 * Moves up to `limit` tallies into their posts' view_count, in one statement, so that a reader
 * sees each post's count either before or after, never a view twice or not at all. Tallies are
 * locked in id order first (as flushes take them). Answers how many moved and the boards whose
 * posts changed (their lists sorted by views may reorder).
 */
export async function foldViewTallies(db: Db, limit = FOLD_BATCH): Promise<{ folded: number; boards: string[] }> {
  const result = (await db.execute(sql`
    WITH taken AS (
      SELECT board_item_id FROM board_item_view_tally ORDER BY board_item_id LIMIT ${limit} FOR UPDATE
    ), moved AS (
      DELETE FROM board_item_view_tally t USING taken WHERE t.board_item_id = taken.board_item_id
      RETURNING t.board_item_id, t.views
    ), folded AS (
      UPDATE board_item b SET view_count = b.view_count + moved.views
      FROM moved WHERE b.id = moved.board_item_id
      RETURNING b.board_code
    )
    SELECT board_code, count(*)::int AS n FROM folded GROUP BY board_code`)) as unknown as { rows: { board_code: string; n: number }[] };
  return { folded: result.rows.reduce((sum, r) => sum + r.n, 0), boards: result.rows.map((r) => r.board_code) };
}

/** Housekeeping: the view rows of days before `viewDate` (a Korean date, YYYY-MM-DD); answers how many went. */
export async function deleteViewsBefore(db: Db, viewDate: string): Promise<number> {
  const gone = await db.delete(boardItemView).where(lt(boardItemView.viewDate, viewDate)).returning({ id: boardItemView.boardItemId });
  return gone.length;
}

// The console's boards (admin-board): each with its live post count, created and changed.
export type BoardRecord = typeof board.$inferSelect & { itemCount: number };

/**
 * Live posts of a board: the sum of its counter rows (kept exact by triggers, migration 0007).
 * The outer column is qualified by hand: in a select from one table Drizzle writes
 * `${board.boardCode}` as a bare "board_code", which inside the subquery meant c.board_code, so
 * every board showed the whole site's count.
 */
const liveItemCount = sql<number>`coalesce((SELECT sum(c.item_count) FROM board_item_count c WHERE c.board_code = ${board}.${sql.identifier(board.boardCode.name)}), 0)::int`;

/** The console (admin-board): every board with its post count, in menu order (one statement: no query per board). */
export async function listBoardRecords(db: Db): Promise<BoardRecord[]> {
  return db
    .select({ ...boardRecordColumns(), itemCount: liveItemCount })
    .from(board)
    .orderBy(asc(board.sortOrder), asc(board.boardCode));
}

/** One board, its code matched case-insensitively (as the board routes match it). */
export async function findBoardRecord(db: Db, boardCode: string, opts: { forUpdate?: boolean } = {}): Promise<BoardRecord | undefined> {
  const query = db
    .select({ ...boardRecordColumns(), itemCount: liveItemCount })
    .from(board)
    .where(sql`lower(${board.boardCode}) = lower(${boardCode})`);
  const [row] = opts.forUpdate ? await query.for('update', { of: board }) : await query;
  return row;
}

export async function insertBoardRecord(db: Db, values: typeof board.$inferInsert): Promise<void> {
  await db.insert(board).values(values);
}

export async function updateBoardRecord(db: Db, boardCode: string, values: Partial<typeof board.$inferInsert>): Promise<void> {
  await db.update(board).set(values).where(eq(board.boardCode, boardCode));
}

function boardRecordColumns() {
  return {
    boardCode: board.boardCode,
    area: board.area,
    name: board.name,
    description: board.description,
    listStyle: board.listStyle,
    permissions: board.permissions,
    allowAttachments: board.allowAttachments,
    useComments: board.useComments,
    pageSize: board.pageSize,
    maxFiles: board.maxFiles,
    maxFileSize: board.maxFileSize,
    maxImageSize: board.maxImageSize,
    categories: board.categories,
    sortOrder: board.sortOrder,
    lastItemNo: board.lastItemNo,
    createdAt: board.createdAt,
  };
}

/** A post's comment count (comment/repo.ts): one more, in the transaction that adds the comment. */
export async function countCommentAdded(db: Db, boardItemId: number): Promise<void> {
  await db.update(boardItem).set({ commentCount: sql`${boardItem.commentCount} + 1` }).where(eq(boardItem.id, boardItemId));
}

/** A post's comment count (comment/repo.ts): one fewer, never below zero, in the transaction that deletes the comment. */
export async function countCommentRemoved(db: Db, boardItemId: number): Promise<void> {
  await db.update(boardItem).set({ commentCount: sql`greatest(${boardItem.commentCount} - 1, 0)` }).where(eq(boardItem.id, boardItemId));
}

// The contact-us board's inquiries: the console's queue and an inquiry's status (inquiry module).

export interface InquiryFilter {
  status?: InquiryStatus;
  keyword?: string;
  offset: number;
  limit: number;
}

const inquirySummaryColumns = {
  id: boardItem.id,
  itemNo: boardItem.itemNo,
  title: boardItem.title,
  writerName: boardItem.writerName,
  status: boardItem.inquiryStatus,
  createdAt: boardItem.createdAt,
  answeredAt: boardItem.answeredAt,
};

/**
 * The queue's rows: live posts of the contact-us board, newest first. With a status the order
 * comes from board_item_inquiry_status_idx, without one from board_item_created_idx; the keyword
 * (title, writer, contact e-mail) filters along that scan (inquiries are a few thousand a year).
 */
function inquiryWhere(f: Pick<InquiryFilter, 'status' | 'keyword'>): SQL {
  const conditions: SQL[] = [eq(boardItem.boardCode, INQUIRY_BOARD), isNull(boardItem.deletedAt)];
  if (f.status) conditions.push(eq(boardItem.inquiryStatus, f.status));
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    conditions.push(or(ilike(boardItem.title, pattern), ilike(boardItem.writerName, pattern), ilike(boardItem.contactEmail, pattern))!);
  }
  return and(...conditions)!;
}

/**
 * The ids of one page, from the index alone (an index-only scan without a keyword), so a deep page
 * skips index entries instead of heap rows: on PostgreSQL 15 a deep page of 40,000 완료 read as
 * whole rows became a bitmap scan and a sort. The rows themselves come next, by primary key.
 */
export function inquiryPageIdsQuery(db: Db, f: InquiryFilter) {
  return db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(inquiryWhere(f))
    // Written as the indexes are (DESC NULLS LAST): plain DESC means NULLS FIRST and would sort.
    .orderBy(sql`${boardItem.createdAt} DESC NULLS LAST`, sql`${boardItem.id} DESC NULLS LAST`)
    .limit(f.limit)
    .offset(f.offset);
}

export function inquiryRowsByIdsQuery(db: Db, ids: number[]) {
  return db.select(inquirySummaryColumns).from(boardItem).where(inArray(boardItem.id, ids));
}

/** One page of the queue, newest first. */
export async function listInquiryPage(db: Db, f: InquiryFilter) {
  const ids = (await inquiryPageIdsQuery(db, f)).map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = new Map((await inquiryRowsByIdsQuery(db, ids)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export function inquiryCountQuery(db: Db, f: Pick<InquiryFilter, 'status' | 'keyword'>) {
  return db.select({ count: sql<number>`count(*)::int` }).from(boardItem).where(inquiryWhere(f));
}

/** Inquiries in each status (live ones), for the queue's tabs. */
export function inquiryStatusCountsQuery(db: Db) {
  return db
    .select({ status: boardItem.inquiryStatus, count: sql<number>`count(*)::int` })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, INQUIRY_BOARD), isNull(boardItem.deletedAt)))
    .groupBy(boardItem.inquiryStatus);
}

export type InquirySummaryRow = Awaited<ReturnType<typeof inquiryRowsByIdsQuery>>[number];

export async function findInquiry(db: Db, itemNo: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      ...inquirySummaryColumns,
      content: boardItem.content,
      writerId: boardItem.writerId,
      contactEmail: boardItem.contactEmail,
      contactPhone: boardItem.contactPhone,
      answer: boardItem.answer,
    })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, INQUIRY_BOARD), eq(boardItem.itemNo, itemNo), isNull(boardItem.deletedAt)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}
export type InquiryRow = NonNullable<Awaited<ReturnType<typeof findInquiry>>>;

export async function setInquiryStatus(db: Db, id: number, status: InquiryStatus): Promise<void> {
  await db.update(boardItem).set({ inquiryStatus: status }).where(eq(boardItem.id, id));
}

/**
 * The console's dashboard (admin-dashboard): inquiries received and in progress, over
 * `board_item_inquiry_status_idx (board_code, inquiry_status, ...)`, index-only.
 */
export const inquiryCountsQuery = () =>
  sql`SELECT coalesce(sum(c.n) FILTER (WHERE s.status = 'RECEIVED'), 0)::int AS received,
             coalesce(sum(c.n) FILTER (WHERE s.status = 'IN_PROGRESS'), 0)::int AS in_progress
      FROM board b
      CROSS JOIN (VALUES ('RECEIVED'), ('IN_PROGRESS')) AS s(status)
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM board_item i
        WHERE i.board_code = b.board_code AND i.deleted_at IS NULL AND i.inquiry_status = s.status) c
      WHERE b.list_style = 'inquiry'`;

export const inquiryCounts = (db: Db) => firstRow<{ received: number; in_progress: number }>(db, inquiryCountsQuery());

/**
 * My page's 내가 쓴 글 and 내 문의 (issue 23): a member's live posts, newest first, with their board's
 * name and area for the link. Secret posts are theirs, so they are listed; deleted ones never.
 * Posts: every board but the contact-us one, along board_item_writer_created_idx; inquiries: the
 * contact-us board, along board_item_writer_idx. The order is the index's (DESC NULLS LAST).
 */
function memberPostsWhere(writerId: number, kind: 'posts' | 'inquiries'): SQL {
  return and(
    eq(boardItem.writerId, writerId),
    isNull(boardItem.deletedAt),
    kind === 'inquiries' ? eq(boardItem.boardCode, INQUIRY_BOARD) : sql`${boardItem.boardCode} <> ${INQUIRY_BOARD}`,
  )!;
}

export function memberPostsQuery(db: Db, writerId: number, kind: 'posts' | 'inquiries', page: { offset: number; limit: number }) {
  return db
    .select({
      id: boardItem.id,
      boardCode: boardItem.boardCode,
      boardName: board.name,
      area: board.area,
      itemNo: boardItem.itemNo,
      title: boardItem.title,
      isSecret: boardItem.isSecret,
      status: boardItem.inquiryStatus,
      createdAt: boardItem.createdAt,
    })
    .from(boardItem)
    .innerJoin(board, eq(board.boardCode, boardItem.boardCode))
    .where(memberPostsWhere(writerId, kind))
    .orderBy(sql`${boardItem.createdAt} DESC NULLS LAST`, sql`${boardItem.id} DESC NULLS LAST`)
    .limit(page.limit)
    .offset(page.offset);
}

export function memberPostsCountQuery(db: Db, writerId: number, kind: 'posts' | 'inquiries') {
  return db.select({ count: sql<number>`count(*)::int` }).from(boardItem).where(memberPostsWhere(writerId, kind));
}

/**
 * Visitor statistics (issue 23): which of these posts exist, with their titles, in one statement
 * over board_item_no_uq (deleted posts included: a post viewed before it was removed was viewed).
 */
export async function postTitles(db: Db, posts: readonly { boardCode: string; itemNo: number }[]): Promise<{ boardCode: string; itemNo: number; title: string }[]> {
  if (posts.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT b.board_code AS "boardCode", b.item_no AS "itemNo", b.title
    FROM unnest(${sql.param(posts.map((p) => p.boardCode))}::text[], ${sql.param(posts.map((p) => p.itemNo))}::int[]) AS p(board_code, item_no)
    JOIN board_item b ON b.board_code = p.board_code AND b.item_no = p.item_no`)) as unknown as {
    rows: { boardCode: string; itemNo: number; title: string }[];
  };
  return result.rows.map((r) => ({ boardCode: r.boardCode, itemNo: Number(r.itemNo), title: r.title }));
}
