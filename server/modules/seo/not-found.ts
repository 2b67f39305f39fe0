import { isKnownScreenPath, parseItemNo, routePatterns, screenPattern } from '@contract';
import { canOnBoard, findBoard, findItem } from '@server/modules/board';
import { guestCaller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { isConsolePath } from './first-load';

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
 * Read from the database on every request, never from the guest caches: a post deleted answers 404
 * at once on every instance. Two indexed probes (the board by its code, board_item_no_uq), both
 * already covered by the query-plan tests (board/query-plans.api.test.ts findItemQuery).
 */

/** The board screens, each with the address parts it names: area, board code and, but for the list, a post number or NEW. */
const boardScreens = [
  { kind: 'list', pattern: screenPattern(routePatterns.boardList) },
  { kind: 'view', pattern: screenPattern(routePatterns.boardView) },
  { kind: 'write', pattern: screenPattern(routePatterns.boardWrite) },
] as const;

export type ScreenStatus = 200 | 404;

export type ScreenStatusOf = (pathname: string) => Promise<ScreenStatus>;

export function createScreenStatus(deps: Pick<AppDeps, 'db' | 'settings'>): ScreenStatusOf {
  return async (pathname) => {
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
      const board = await findBoard(deps.db, boardCode!);
      // As web/src/features/board/board-route.ts areaMatches: a board lives in one area.
      if (!board || board.area.toLowerCase() !== area!.toLowerCase()) return 404;
      if (kind === 'list' || (kind === 'write' && itemNoParam!.toUpperCase() === 'NEW')) return 200;
      const itemNo = parseItemNo(itemNoParam);
      if (itemNo === null) return 404;
      if (!canOnBoard(await guestCaller(deps), board, 'read')) return 200;
      return (await findItem(deps.db, board.boardCode, itemNo)) ? 200 : 404;
    }
    return 200;
  };
}
