import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BoardItemsQuery } from '../features/board/api/list-board-items';
import { queryKeys } from '../lib/query-keys';
import { getSessionStore } from '../lib/session';

/**
 * The API answers the server sent with the page (server/modules/seo/first-data.ts: the frame's
 * site settings and menu, and the home page's lists, a list's board and first page, or a post and
 * its board), put in the query cache before the first render, so the screen's first frame already
 * shows its content: no round trip to the API, no loading line, nothing moving when it arrives.
 *
 * Only for a visitor without a session: the answers are a guest's, and a member's screens ask as
 * the member. An answer whose query is not one of these (the screens changed their calls) is left
 * unused and the screen asks the server as before; e2e/budget.spec.ts notices that.
 */

/** A list's query parameters as the screens write them: page and size numbers, flags booleans. */
function listQueryOf(params: URLSearchParams): BoardItemsQuery {
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of params) {
    if (key === 'page' || key === 'size') query[key] = Number(value);
    else if (key === 'pinNotices' || key === 'showItemToMain') query[key] = value === 'true';
    else query[key] = value;
  }
  return query as BoardItemsQuery;
}

/** The query an answer to `GET url` belongs to, keyed as the screens key it; null for others. */
export function queryKeyOf(url: string): QueryKey | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/api/site-setting/info') return queryKeys.siteSetting.info;
  if (pathname === '/api/board') return queryKeys.boardMenu;
  if (pathname === '/api/board-item') return queryKeys.boardItems.list(listQueryOf(searchParams));
  const board = /^\/api\/board\/([^/]+)$/.exec(pathname);
  if (board) return queryKeys.board(decodeURIComponent(board[1]!));
  const item = /^\/api\/board-item\/([^/]+)\/(\d{1,10})$/.exec(pathname);
  if (item) return queryKeys.boardItems.detail(decodeURIComponent(item[1]!), Number(item[2]));
  return null;
}

/** Reads `<script type="application/json" id="first-data">` into the cache, for a guest. */
export function seedFirstData(
  queryClient: QueryClient,
  doc: Pick<Document, 'getElementById'> = document,
  isGuest: () => boolean = () => !getSessionStore().accessToken(),
): void {
  const text = doc.getElementById('first-data')?.textContent;
  if (!text || !isGuest()) return;
  let answers: unknown;
  try {
    answers = JSON.parse(text);
  } catch {
    return;
  }
  if (!answers || typeof answers !== 'object') return;
  // Each answer is the API's envelope as it would have come: the screens' queries hold its data.
  for (const [url, answer] of Object.entries(answers as Record<string, { code?: unknown; data?: unknown } | null>)) {
    const key = queryKeyOf(url);
    if (key && answer?.code === 'SUCCESS' && answer.data !== undefined) queryClient.setQueryData(key, answer.data);
  }
}
