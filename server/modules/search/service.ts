import {
  contentPaths, paths, SEARCH_PREVIEW_SIZE, searchGroups, type AdminPopularSearchList, type SearchAnswer, type SearchGroup,
  type SearchGroupCount, type SearchPeriod, type SearchQuery, type SearchResult,
} from '@contract';
import { requireAdmin, requirePermission } from '../../auth/admin';
import type { Caller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { kstDate, toKstIso } from '../../lib/time';
import {
  BOARD_MENU_CACHE, canOnBoard, searchableBoardsQuery, siteSearchPosts, type BoardRules, type SearchScope, type SiteSearchPage,
} from '@server/modules/board';
import { CONTENT_CACHE, currentContentTexts, nextContentChange, type ContentHead } from '@server/modules/content';
import type { RecentKeys } from '../../lib/recent-keys';
import * as repo from './repo';
import { contains, highlight, snippet } from './snippet';
import { countableTerm, normalizeTerm } from './terms';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type SearchDeps = Pick<AppDeps, 'db' | 'clock' | 'boardCaching'>;
type BoardGroup = Exclude<SearchGroup, 'page'>;
type SearchableBoard = Awaited<ReturnType<typeof searchableBoardsQuery>>[number];

/**
 * Which group a board's posts are in: the FAQ board type is FAQ, the member area's boards and the
 * inquiry boards (what members write) are 커뮤니티, the rest (notices, reference boards) 공지·자료.
 */
export function groupOf(board: Pick<SearchableBoard, 'area' | 'listStyle'>): BoardGroup {
  if (board.listStyle === 'faq') return 'faq';
  return board.area === 'Member' || board.listStyle === 'inquiry' ? 'community' : 'notice';
}

/**
 * What of a board a caller's site search reads, or null for nothing: as the board's own screens
 * show it (board/policy.ts). Its managers see every post, secret ones and inquiries included; a
 * member who may list and read it sees its public posts and their own secret ones, and of an
 * inquiry board only their own inquiries; a guest its public posts, never an inquiry board.
 */
export function searchScope(caller: Caller, board: BoardRules): SearchScope | null {
  if (canOnBoard(caller, board, 'manage')) return 'all';
  if (!canOnBoard(caller, board, 'list') || !canOnBoard(caller, board, 'read')) return null;
  if (board.listStyle === 'inquiry') return caller.userId === null ? null : 'own';
  return caller.userId === null ? 'public' : 'publicAndOwn';
}

/** The boards a caller's site search reads, each with its scope. */
export function searchableBy(caller: Caller, boards: readonly (SearchableBoard & BoardRules)[]): (SearchableBoard & { scope: SearchScope })[] {
  return boards.flatMap((b) => {
    const scope = searchScope(caller, b);
    return scope ? [{ ...b, scope }] : [];
  });
}

/**
 * The period's first moment: the same time 7 days, a month or a year before `now`, at the start of
 * its minute, so that the searches of a minute ask the same question (and share a kept answer).
 */
export function periodStart(period: SearchPeriod, now: Date): Date | undefined {
  if (period === 'all') return undefined;
  const since = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (period === 'week') since.setUTCDate(since.getUTCDate() - 7);
  else if (period === 'month') since.setUTCMonth(since.getUTCMonth() - 1);
  else since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since;
}

function postResults(page: SiteSearchPage, boards: Map<string, SearchableBoard>, keyword: string): SearchResult[] {
  return page.rows.flatMap((row) => {
    const board = boards.get(row.boardCode);
    if (!board) return [];
    const file = contains(row.contentText, keyword) ? undefined : row.fileNames.find((name) => contains(name, keyword));
    return [
      {
        group: groupOf(board),
        source: board.name,
        path: paths.boardView(board.area, board.boardCode, row.itemNo),
        title: highlight(row.title, keyword),
        snippet: file ? [{ text: '첨부파일: ', mark: false }, ...highlight(file, keyword)] : snippet(row.contentText, keyword),
        date: toKstIso(row.createdAt),
      },
    ];
  });
}

/** The content pages that match, as the public reads them: title matches first (relevance), or the newest revision first. */
function pageResults(pages: ContentHead[], q: SearchQuery, since: Date | undefined): SearchResult[] {
  const matching = pages.filter((p) => (!since || p.effectiveFrom >= since) && (contains(p.title, q.keyword) || contains(p.text, q.keyword)));
  const byDate = (a: ContentHead, b: ContentHead) => b.effectiveFrom.getTime() - a.effectiveFrom.getTime();
  matching.sort(
    q.sort === 'newest' ? byDate : (a, b) => Number(contains(b.title, q.keyword)) - Number(contains(a.title, q.keyword)) || byDate(a, b),
  );
  return matching.map((p) => ({
    group: 'page' as const,
    source: p.title,
    path: contentPaths[p.code],
    title: highlight(p.title, q.keyword),
    snippet: snippet(p.text, q.keyword),
    date: toKstIso(p.effectiveFrom),
  }));
}

/**
 * `GET /api/search`: every group's count (exact up to SEARCH_COUNT_CAP), and a page of the asked
 * group or, without one, each group's first SEARCH_PREVIEW_SIZE results. The boards searched are
 * the caller's (searchableBy). A guest's answer is kept until a board searched or a content page
 * changes, so a deleted post is gone from the next answer.
 */
export async function search(deps: SearchDeps, caller: Caller, q: SearchQuery): Promise<SearchAnswer> {
  const { cache } = deps.boardCaching;
  const since = periodStart(q.period, deps.clock.now());
  const boards = searchableBy(caller, await searchableBoards(deps));
  // A signed-in caller's answer may hold their own secret posts and inquiries, or a manager's
  // every post: read for them alone, never kept.
  if (caller.userId !== null) return searchNow(deps, caller.userId, boards, q, since);
  // A guest's answer depends on the question, the boards searched and what they and the content
  // pages hold. Each board's version is in the key: any write to one of them (a post added, edited,
  // deleted or made secret, the board's settings) makes a new key, here and on every instance
  // (the cache bus), so nothing is answered that the database would not answer now. Kept under
  // the content pages' name, whose saves drop it and whose next scheduled version ends it.
  const key = `search ${JSON.stringify([
    q.keyword, q.group ?? null, q.sort, since?.toISOString() ?? null, q.page, q.size,
    boards.map((b) => [b.boardCode, cache.stamp(b.boardCode).version]),
  ])}`;
  const entry = await cache.answer(key, CONTENT_CACHE, async () => {
    const [answer, change] = await Promise.all([searchNow(deps, null, boards, q, since), nextContentChange(deps)]);
    return { body: JSON.stringify(answer), keep: true, expiresAt: change?.getTime() };
  });
  return JSON.parse(entry.head) as SearchAnswer;
}

/**
 * Every board with what deciding whether to search it needs, kept under the board menu's name:
 * the console drops it with every board it makes or changes.
 */
async function searchableBoards(deps: SearchDeps): Promise<(SearchableBoard & BoardRules)[]> {
  const entry = await deps.boardCaching.cache.answer('search-boards', BOARD_MENU_CACHE, async () => ({
    body: JSON.stringify(await searchableBoardsQuery(deps.db)),
    keep: true,
  }));
  return JSON.parse(entry.head) as (SearchableBoard & BoardRules)[];
}

/** The answer read from the database. */
async function searchNow(
  deps: Deps,
  viewerId: number | null,
  boards: (SearchableBoard & { scope: SearchScope })[],
  q: SearchQuery,
  since: Date | undefined,
): Promise<SearchAnswer> {
  const keyword = q.keyword;
  const pages = await currentContentTexts(deps);
  const byCode = new Map(boards.map((b) => [b.boardCode, b]));
  const boardGroups = searchGroups.filter((g): g is BoardGroup => g !== 'page');
  const size = q.group ? q.size : SEARCH_PREVIEW_SIZE;
  const offset = q.group ? (q.page - 1) * q.size : 0;

  const postPages = await Promise.all(
    boardGroups.map((group) =>
      siteSearchPosts(
        deps.db,
        {
          boards: boards.filter((b) => groupOf(b) === group).map((b) => ({ boardCode: b.boardCode, scope: b.scope })),
          viewerId,
          keyword,
          since,
          sort: q.sort,
          offset,
          limit: size,
        },
        q.group === undefined || q.group === group,
      ),
    ),
  );
  const pageMatches = pageResults(pages, q, since);

  const counts: SearchGroupCount[] = searchGroups.map((group) => {
    if (group === 'page') return { group, total: pageMatches.length, capped: false };
    const found = postPages[boardGroups.indexOf(group)]!;
    return { group, total: found.total, capped: found.capped };
  });
  const resultsOf = (group: SearchGroup): SearchResult[] =>
    group === 'page' ? pageMatches.slice(offset, offset + size) : postResults(postPages[boardGroups.indexOf(group)]!, byCode, keyword);

  const results = q.group ? resultsOf(q.group) : searchGroups.flatMap(resultsOf);
  const totalElements = q.group ? counts.find((c) => c.group === q.group)!.total : counts.reduce((n, c) => n + c.total, 0);
  return {
    keyword,
    counts,
    results,
    totalElements,
    totalPages: q.group ? Math.ceil(totalElements / q.size) : 1,
    page: q.group ? q.page : 1,
    size,
  };
}

/**
 * Counts a search toward the popular terms: once a visitor a day, the first page of a search only
 * (paging, tabs and sorting are the same search), never a term that looks like personal data.
 */
export async function recordSearch(
  deps: Deps & Pick<AppDeps, 'visitorKeys'>,
  counted: RecentKeys,
  q: SearchQuery,
  address: string,
  userAgent: string | undefined,
) {
  if (q.page !== 1 || q.group !== undefined) return;
  const term = countableTerm(q.keyword);
  if (!term) return;
  const now = deps.clock.now();
  const day = kstDate(now);
  const visitorKey = await deps.visitorKeys.keyOf(address, userAgent, now);
  if (!counted.firstTime(`${day} ${visitorKey} ${term}`)) return;
  await repo.recordSearch(deps.db, day, term, visitorKey);
}

/** The window's first day: today and the 6 days before (Korean calendar dates). */
export function popularSince(now: Date): string {
  return kstDate(new Date(now.getTime() - (repo.POPULAR_DAYS - 1) * 24 * 60 * 60 * 1000));
}

export async function popular(deps: Deps): Promise<{ terms: string[] }> {
  const rows = await repo.popularQuery(deps.db, popularSince(deps.clock.now()));
  return { terms: rows.map((r) => r.term) };
}

export function contentManager(caller: Caller): Caller & { userId: number } {
  requireAdmin(caller);
  requirePermission(caller, 'CONTENT_Manage');
  return caller;
}

export async function consoleList(deps: Deps): Promise<AdminPopularSearchList> {
  return { terms: await repo.consoleQuery(deps.db, popularSince(deps.clock.now())) };
}

export async function setHidden(deps: Deps, staff: Caller & { userId: number }, term: string, hidden: boolean): Promise<AdminPopularSearchList> {
  const normal = normalizeTerm(term);
  if (hidden) await repo.hideTerm(deps.db, normal, staff.userId);
  else await repo.showTerm(deps.db, normal);
  return consoleList(deps);
}
