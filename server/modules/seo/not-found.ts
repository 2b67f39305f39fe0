import { isKnownScreenPath, parseItemNo, routePatterns, screenPattern } from '@contract';
import { cachedBoardRow, canOnBoard, type CachedAnswer } from '@server/modules/board';
import { guestCaller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { isConsolePath } from './first-load';
import { createPostFacts, type PostFactsOf } from './post-facts';

/**
 * Which screens answer HTTP 404 (issue 23, "real 404s"): an address no route matches, a board that
 * does not exist or is not in the address's area, and a post that does not exist or was deleted.
 * Search engines index a 200 as a page ("soft 404"); the 404 comes with the app, whose screen says
 * the same from the API's answers (web/src/features/board: BoardFallback, BoardViewPage, WriteGate).
 *
 * The page is a guest's (a browser's request for it carries no session), so a post says no more
 * than the API tells a guest (board/service.ts readPost): on a board a guest may not read, the API
 * asks to sign in before it looks for the post, so every post number there keeps today's answer
 * (200, the sign-in prompt); a secret post, asked to sign in for as well, is 200 too. Only where
 * the API itself answers a guest 404 does the page.
 *
 * Decided from the database once per board change, not per request: the answer is kept in the
 * guests' answer cache (board/cache.ts) under the board's name, so a post written, deleted or
 * moved, or a board made or changed in the console, drops it at once here and on every instance
 * (the cache bus), as it drops the API's own guest answers; a site-setting change (the guest role)
 * drops all. A miss reads at most the board by its code (itself kept: board cachedBoardRow) and
 * the post by its board and number (post-facts.ts, which the page's head reads too: one statement
 * for both). Before the cache a post page's HTML read both on every request and served 42% fewer
 * pages (docs/performance.md).
 */

/** The board screens, each with the address parts it names: area, board code and, but for the list, a post number or NEW. */
const boardScreens = [
  { kind: 'list', pattern: screenPattern(routePatterns.boardList) },
  { kind: 'view', pattern: screenPattern(routePatterns.boardView) },
  { kind: 'write', pattern: screenPattern(routePatterns.boardWrite) },
] as const;

export type ScreenStatus = 200 | 404;

/**
 * `parts`, when given, gets the kept answer the status is (none for an address that is no screen,
 * or the console's): a reader page kept made names it among its parts (page-head.ts). `facts`, when
 * given, is the page's own lookup of the post, shared with its head (post-facts.ts oneLookupEach).
 */
export type ScreenStatusOf = (pathname: string, parts?: CachedAnswer[], facts?: PostFactsOf) => Promise<ScreenStatus>;

/** A page's heads pass their own lookup of the post with each ask (`facts`: one read of a post for both). */
export function createScreenStatus(deps: Pick<AppDeps, 'db' | 'settings' | 'boardCaching' | 'clock'>): ScreenStatusOf {
  const { cache } = deps.boardCaching;
  const postFacts = createPostFacts(deps);

  /** A board screen's status as the database says it now. */
  async function boardScreenStatus(
    kind: (typeof boardScreens)[number]['kind'],
    area: string,
    boardCode: string,
    itemNoParam: string | undefined,
    facts: PostFactsOf,
  ): Promise<ScreenStatus> {
    const board = await cachedBoardRow(deps, boardCode);
    // As web/src/features/board/board-route.ts areaMatches: a board lives in one area.
    if (!board || board.area.toLowerCase() !== area.toLowerCase()) return 404;
    if (kind === 'list' || (kind === 'write' && itemNoParam!.toUpperCase() === 'NEW')) return 200;
    const itemNo = parseItemNo(itemNoParam);
    if (itemNo === null) return 404;
    if (!canOnBoard(await guestCaller(deps), board, 'read')) return 200;
    return (await facts(board.boardCode, itemNo)).facts.live ? 200 : 404;
  }

  return async (pathname, parts, facts = postFacts) => {
    if (!isKnownScreenPath(pathname)) return 404;
    // The console's screens are its own (the router's admin/*): /admin/boards/List is no board list.
    if (isConsolePath(pathname)) return 200;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return 404;
    }
    for (const { kind, pattern } of boardScreens) {
      const match = pattern.exec(decoded);
      if (!match) continue;
      const [, area, boardCode, itemNoParam] = match;
      // Keyed by the address as the router compares it (any case), under the board's name.
      const entry = await cache.answer(`status ${decoded.toLowerCase()}`, boardCode!, async () => ({
        body: String(await boardScreenStatus(kind, area!, boardCode!, itemNoParam, facts)),
        keep: true,
        // A post's screen, as the post's answer, is kept when asked for again (docs/decisions/0040).
        keepWhenAskedAgain: itemNoParam !== undefined,
      }));
      parts?.push(entry);
      return entry.head === '404' ? 404 : 200;
    }
    return 200;
  };
}
