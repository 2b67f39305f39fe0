import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { board, boardItem, storedFile } from '../../db/schema';
import { caseless, SEARCH_COUNT_CAP, tokensDecide } from './repo';
import { queryTokens, type SearchField } from './search-tokens';

/**
 * The site search's reads of posts (issue 23, docs/decisions/0035-site-search.md), here because
 * the board module owns `board_item`. The same matching as the board search (0004, 0011): the
 * keyword's character pairs from the GIN index, rechecked as a substring, over title, text, writer
 * and the attachments' file names at once. Only public posts: no secret post and no inquiry board
 * (the caller passes the boards it may read, inquiry boards left out), and the partial index
 * `board_item_site_search_idx` holds no secret post at all.
 */
export interface SiteSearchFilter {
  /** The boards to search: readable by the caller, no inquiry board. */
  boardCodes: string[];
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

/** Live public posts of the boards, in the period: the conditions board_item_site_search_idx is partial on, then the filter. */
function siteWhere(f: Pick<SiteSearchFilter, 'boardCodes' | 'keyword' | 'since'>, exact = false): SQL | undefined {
  return and(
    sql`${boardItem.deletedAt} IS NULL`,
    sql`NOT ${boardItem.isSecret}`,
    sql`${boardItem.boardCode} = ANY(${sql.param(f.boardCodes)}::text[])`,
    f.since ? sql`${boardItem.createdAt} >= ${f.since.toISOString()}::timestamptz` : undefined,
    siteMatch(f.keyword, exact),
  );
}

/** Written as board_item_site_search_idx orders, so the newest first is a walk of it without a sort. */
const newestFirst = [sql`${boardItem.createdAt} DESC NULLS LAST`, sql`${boardItem.id} DESC NULLS LAST`];

/**
 * How many of the newest matches the relevance order ranks (title matches first); past them the
 * order is newest first. Ranking every match would read all of a common keyword's posts (a fifth of
 * the site for 환자) and sort them: over 100 ms at 100,000 posts. The first ten pages of ten are
 * ranked, which is where readers look (docs/decisions/0035-site-search.md).
 */
export const RELEVANCE_WINDOW = 100;

/** A page's ids newest first: a walk of board_item_site_search_idx to the OFFSET (a rare keyword: its few matches from the GIN index). */
export function siteSearchIdsQuery(db: Db, f: Omit<SiteSearchFilter, 'sort'>) {
  return db.select({ id: boardItem.id }).from(boardItem).where(siteWhere(f)).orderBy(...newestFirst).limit(f.limit).offset(f.offset);
}

/** The newest RELEVANCE_WINDOW matches, title matches first: one walk, then a sort of at most that many rows. */
export function rankedWindowQuery(db: Db, f: Omit<SiteSearchFilter, 'sort' | 'offset' | 'limit'>) {
  const like = caseless(f.keyword) ? sql`LIKE` : sql`ILIKE`;
  const matches = db
    .select({ id: boardItem.id, createdAt: boardItem.createdAt, inTitle: sql<boolean>`(${boardItem.title} ${like} ${likePattern(f.keyword)})`.as('in_title') })
    .from(boardItem)
    .where(siteWhere(f))
    .orderBy(...newestFirst)
    .limit(RELEVANCE_WINDOW)
    .as('matches');
  return db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(sql`${matches.inTitle} DESC`, sql`${matches.createdAt} DESC`, sql`${matches.id} DESC`);
}

/** A page's ids in the asked order. */
async function pageIds(db: Db, f: SiteSearchFilter): Promise<number[]> {
  const ids = (q: Promise<{ id: number }[]>) => q.then((rows) => rows.map((r) => r.id));
  if (f.limit === 0) return [];
  if (f.sort === 'newest' || f.offset >= RELEVANCE_WINDOW) return ids(siteSearchIdsQuery(db, f));
  const ranked = await ids(rankedWindowQuery(db, f));
  const end = f.offset + f.limit;
  // A page that runs past the window goes on newest first after it.
  const after = end > RELEVANCE_WINDOW && ranked.length === RELEVANCE_WINDOW
    ? await ids(siteSearchIdsQuery(db, { ...f, offset: RELEVANCE_WINDOW, limit: end - RELEVANCE_WINDOW }))
    : [];
  return [...ranked, ...after].slice(f.offset, end);
}

/** Matches up to SEARCH_COUNT_CAP, walked newest first (docs/decisions/0011-counts-and-deep-pages.md). */
export function siteSearchCountQuery(db: Db, f: Omit<SiteSearchFilter, 'sort' | 'offset' | 'limit'>) {
  const matches = db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(siteWhere(f, true))
    .orderBy(...newestFirst)
    .limit(SEARCH_COUNT_CAP)
    .as('matches');
  return db.select({ total: sql<number>`count(*)::int` }).from(matches);
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
  if (f.boardCodes.length === 0) return { rows: [], total: 0, capped: false };
  const [ids, [count]] = await Promise.all([
    withPage ? pageIds(db, f) : Promise.resolve([] as number[]),
    siteSearchCountQuery(db, f),
  ]);
  const total = count?.total ?? 0;
  if (ids.length === 0) return { rows: [], total, capped: total >= SEARCH_COUNT_CAP };
  const [rows, files] = await Promise.all([siteSearchRowsQuery(db, ids), siteSearchFileNamesQuery(db, ids)]);
  const byId = new Map(rows.filter((r) => r.deletedAt === null && !r.isSecret).map((r) => [r.id, r]));
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
