import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { board, boardItem, storedFile } from '../../db/schema';
import { caseless, SEARCH_COUNT_CAP, tokensDecide } from './repo';
import { queryTokens, type SearchField } from './search-tokens';

/**
 * The site search's reads of posts (issue 23, docs/decisions/0035-site-search.md), here because
 * the board module owns `board_item`. The same matching as the board search (0004, 0011): the
 * keyword's character pairs from the GIN index, rechecked as a substring, over title, text, writer
 * and the attachments' file names at once. Each board is searched with the posts the caller may see
 * there (SearchScope): a secret post or an inquiry only by its writer and the board's managers. The
 * reads are SQL statements rather than query builders because each is a union of one walk per
 * board (newestMatches).
 */

/**
 * Which of a board's posts a caller's search reads: `public` (a guest: no secret post),
 * `publicAndOwn` (a member: also their own secret posts), `own` (a member on an inquiry board:
 * their own inquiries only) or `all` (the board's managers).
 */
export type SearchScope = 'public' | 'publicAndOwn' | 'own' | 'all';

export interface SearchedBoard {
  boardCode: string;
  scope: SearchScope;
}

export interface SiteSearchFilter {
  /** The boards to search, each with what the caller may see of it. */
  boards: SearchedBoard[];
  /** The caller's account (null: a guest), whose own posts the `publicAndOwn` and `own` scopes add. */
  viewerId: number | null;
  keyword: string;
  /** Posts written from this moment on (the period filter). */
  since?: Date;
  sort: 'relevance' | 'newest';
  offset: number;
  limit: number;
}

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A post matches when the keyword is in its title, text, writer's name or an attachment's file
 * name. Each field's tokens come first in the index's reach, its substring recheck (LIKE for a
 * caseless keyword) before the token array in each branch, as in the board search. `exact`: a
 * count, where tokens that decide a match alone skip the recheck of the TOASTed text and files.
 */
export function siteMatch(keyword: string, exact = false): SQL | undefined {
  const fields: SearchField[] = ['t', 'w', 'c', 'f'];
  if (tokensDecide(keyword)) {
    // One word of one or two characters (most Korean searches): its one token per field decides
    // the match exactly, so "in any field" is one overlap test of the array, not four containments
    // and rechecks per row (a third of the time of a count of a common keyword at 100,000 posts).
    const tokens = fields.flatMap((field) => queryTokens(field, keyword));
    return sql`${boardItem.searchTokens} && ${sql`ARRAY[${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}]::text[]`}`;
  }
  const pattern = likePattern(keyword);
  const like = caseless(keyword) ? sql`LIKE` : sql`ILIKE`;
  const decide = exact && tokensDecide(keyword);
  const field = (prefix: SearchField, recheck: SQL, costly: boolean) => {
    const tokens = queryTokens(prefix, keyword);
    if (tokens.length === 0) return undefined;
    const lookup = sql`${boardItem.searchTokens} @> ${sql`ARRAY[${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}]::text[]`}`;
    if (decide && costly) return lookup;
    // The cheap inline rechecks (title, writer) first; the costly ones (text, files) after the tokens.
    return costly ? and(lookup, recheck) : and(recheck, lookup);
  };
  // The condition on the outer row alone (file_count) also keeps PostgreSQL from planning the check
  // as a hash of every matching file name in the table (an alternative it makes of a plain EXISTS):
  // a post's few files are read from stored_file_item_idx.
  const fileRecheck = sql`EXISTS (SELECT 1 FROM ${storedFile} WHERE ${storedFile.boardItemId} = ${boardItem.id} AND ${boardItem.fileCount} > 0
    AND ${storedFile.kind} = 'attachment' AND ${storedFile.originalName} ${like} ${pattern})`;
  return or(
    field('t', sql`${boardItem.title} ${like} ${pattern}`, false),
    field('w', sql`${boardItem.writerName} ${like} ${pattern}`, false),
    field('c', sql`${boardItem.contentText} ${like} ${pattern}`, true),
    field('f', fileRecheck, true),
  );
}

/** The posts of a board a scope sees, as SQL (none for `all`). */
function scopeWhere(scope: SearchScope, viewerId: number | null): SQL | undefined {
  // A scope with the caller's own posts needs an account; without one it is the public scope.
  if (viewerId === null && scope !== 'all') return scope === 'own' ? sql`false` : sql`NOT ${boardItem.isSecret}`;
  switch (scope) {
    case 'public':
      return sql`NOT ${boardItem.isSecret}`;
    case 'publicAndOwn':
      return sql`(NOT ${boardItem.isSecret} OR ${boardItem.writerId} = ${viewerId})`;
    case 'own':
      return sql`${boardItem.writerId} = ${viewerId}`;
    case 'all':
      return undefined;
  }
}

/** The same decision for a row read back by id (a post made secret between the two reads is left out). */
export function scopeSees(scope: SearchScope, viewerId: number | null, row: { isSecret: boolean; writerId: number | null }): boolean {
  const own = viewerId !== null && row.writerId === viewerId;
  switch (scope) {
    case 'public':
      return !row.isSecret;
    case 'publicAndOwn':
      return !row.isSecret || own;
    case 'own':
      return own;
    case 'all':
      return true;
  }
}

/** A board's live posts the caller may see in the period that match: what each board's walk reads. */
function boardWhere(board: SearchedBoard, f: Pick<SiteSearchFilter, 'keyword' | 'since' | 'viewerId'>, exact = false): SQL | undefined {
  return and(
    sql`${boardItem.boardCode} = ${board.boardCode}`,
    sql`${boardItem.deletedAt} IS NULL`,
    scopeWhere(board.scope, f.viewerId),
    f.since ? sql`${boardItem.createdAt} >= ${f.since.toISOString()}::timestamptz` : undefined,
    siteMatch(f.keyword, exact),
  );
}

/** Written as board_item_created_idx orders a board's posts, so each board's newest first is a walk of it without a sort. */
const newestFirst = sql`${boardItem.createdAt} DESC NULLS LAST, ${boardItem.id} DESC NULLS LAST`;

/**
 * The newest `limit` matches over the boards: one walk of board_item_created_idx per board (each
 * stopping at `limit`), merged in order by a Merge Append, as the sitemap reads its posts. An index
 * led by the board keeps every board's walk short however small the board is among big ones; one
 * ordered across boards would walk past every other board's posts to find a small board's
 * (docs/decisions/0035-site-search.md). A rare keyword's few matches per board come from the GIN index instead.
 * `columns` are the matches' columns the caller reads; created_at and id are always among them, for the merge.
 */
function newestMatches(f: Pick<SiteSearchFilter, 'boards' | 'viewerId' | 'keyword' | 'since'>, limit: number, columns: SQL, exact = false): SQL {
  const walks = f.boards.map(
    (board) => sql`(SELECT ${columns}, ${boardItem.createdAt}, ${boardItem.id} FROM ${boardItem}
      WHERE ${boardWhere(board, f, exact)} ORDER BY ${newestFirst} LIMIT ${limit})`,
  );
  return sql`SELECT * FROM (${sql.join(walks, sql` UNION ALL `)}) AS matches ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit}`;
}

type Rows<T> = { rows: T[] };

/**
 * How many of the newest matches the relevance order ranks (title matches first); past them the
 * order is newest first. Ranking every match would read all of a common keyword's posts (a fifth of
 * the site for 환자) and sort them: over 100 ms at 100,000 posts. The first ten pages of ten are
 * ranked, which is where readers look (docs/decisions/0035-site-search.md).
 */
export const RELEVANCE_WINDOW = 100;

/** A page's ids newest first: the boards' walks merged to the end of the page (a rare keyword: its few matches from the GIN index). */
export function siteSearchIdsQuery(f: Omit<SiteSearchFilter, 'sort'>): SQL {
  return sql`SELECT page.id FROM (${newestMatches(f, f.offset + f.limit, sql`${boardItem.boardCode}`)}) AS page OFFSET ${f.offset}`;
}

/** The newest RELEVANCE_WINDOW matches, title matches first: the same merged walks, then a sort of at most that many rows. */
export function rankedWindowQuery(f: Omit<SiteSearchFilter, 'sort' | 'offset' | 'limit'>): SQL {
  const like = caseless(f.keyword) ? sql`LIKE` : sql`ILIKE`;
  const inTitle = sql`(${boardItem.title} ${like} ${likePattern(f.keyword)}) AS in_title`;
  return sql`SELECT window_.id FROM (${newestMatches(f, RELEVANCE_WINDOW, inTitle)}) AS window_
    ORDER BY window_.in_title DESC, window_.created_at DESC, window_.id DESC`;
}

/** A page's ids in the asked order. */
async function pageIds(db: Db, f: SiteSearchFilter): Promise<number[]> {
  const ids = async (query: SQL) => ((await db.execute(query)) as unknown as Rows<{ id: number | string }>).rows.map((r) => Number(r.id));
  if (f.limit === 0) return [];
  if (f.sort === 'newest' || f.offset >= RELEVANCE_WINDOW) return ids(siteSearchIdsQuery(f));
  const ranked = await ids(rankedWindowQuery(f));
  const end = f.offset + f.limit;
  // A page that runs past the window goes on newest first after it.
  const after = end > RELEVANCE_WINDOW && ranked.length === RELEVANCE_WINDOW
    ? await ids(siteSearchIdsQuery({ ...f, offset: RELEVANCE_WINDOW, limit: end - RELEVANCE_WINDOW }))
    : [];
  return [...ranked, ...after].slice(f.offset, end);
}

/** Matches up to SEARCH_COUNT_CAP, walked newest first (docs/decisions/0011-counts-and-deep-pages.md). */
export function siteSearchCountQuery(f: Omit<SiteSearchFilter, 'sort' | 'offset' | 'limit'>): SQL {
  return sql`SELECT count(*)::int AS total FROM (${newestMatches(f, SEARCH_COUNT_CAP, sql`1 AS one`, true)}) AS counted`;
}

/** What a result shows of a post: primary-key probes for a page's ids. */
export function siteSearchRowsQuery(db: Db, ids: number[]) {
  return db
    .select({
      id: boardItem.id,
      boardCode: boardItem.boardCode,
      itemNo: boardItem.itemNo,
      title: boardItem.title,
      contentText: boardItem.contentText,
      writerName: boardItem.writerName,
      createdAt: boardItem.createdAt,
      // Checked again here: a post made secret or deleted between the two reads is left out.
      isSecret: boardItem.isSecret,
      writerId: boardItem.writerId,
      deletedAt: boardItem.deletedAt,
    })
    .from(boardItem)
    .where(sql`${boardItem.id} = ANY(${sql.param(ids)}::bigint[])`);
}

export type SiteSearchRow = Awaited<ReturnType<typeof siteSearchRowsQuery>>[number];

/** The attachments' names of a page's posts (stored_file_item_idx). */
export function siteSearchFileNamesQuery(db: Db, ids: number[]) {
  return db
    .select({ boardItemId: storedFile.boardItemId, originalName: storedFile.originalName })
    .from(storedFile)
    .where(and(sql`${storedFile.boardItemId} = ANY(${sql.param(ids)}::bigint[])`, sql`${storedFile.kind} = 'attachment'`));
}

export interface SiteSearchPage {
  rows: (SiteSearchRow & { fileNames: string[] })[];
  total: number;
  capped: boolean;
}

/** The posts of the boards' page and count. */
export async function siteSearchPosts(db: Db, f: SiteSearchFilter, withPage = true): Promise<SiteSearchPage> {
  if (f.boards.length === 0) return { rows: [], total: 0, capped: false };
  const [ids, counted] = await Promise.all([
    withPage ? pageIds(db, f) : Promise.resolve([] as number[]),
    db.execute(siteSearchCountQuery(f)) as unknown as Promise<Rows<{ total: number }>>,
  ]);
  const total = counted.rows[0]?.total ?? 0;
  if (ids.length === 0) return { rows: [], total, capped: total >= SEARCH_COUNT_CAP };
  const [rows, files] = await Promise.all([siteSearchRowsQuery(db, ids), siteSearchFileNamesQuery(db, ids)]);
  const scopes = new Map(f.boards.map((b) => [b.boardCode, b.scope]));
  const sees = (r: SiteSearchRow) => r.deletedAt === null && scopes.has(r.boardCode) && scopeSees(scopes.get(r.boardCode)!, f.viewerId, r);
  const byId = new Map(rows.filter(sees).map((r) => [r.id, r]));
  const namesOf = new Map<number, string[]>();
  for (const file of files) namesOf.set(file.boardItemId!, [...(namesOf.get(file.boardItemId!) ?? []), file.originalName]);
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, fileNames: namesOf.get(id) ?? [] }] : [];
    }),
    total,
    capped: total >= SEARCH_COUNT_CAP,
  };
}

/** Every board with what the site search needs to decide whether and where to search it (a few rows). */
export function searchableBoardsQuery(db: Db) {
  return db
    .select({ boardCode: board.boardCode, area: board.area, name: board.name, listStyle: board.listStyle, permissions: board.permissions })
    .from(board)
    .orderBy(asc(board.sortOrder), asc(board.boardCode));
}
