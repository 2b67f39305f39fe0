import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FirstDataItem, FirstDataRequest } from '@contract/first-data';
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

/**
 * The query an answer to `request` belongs to, keyed as the screens key it; null for a call no
 * screen's first render makes (a newer server's, say). The request names its entry in the endpoint
 * table (contract/first-data.ts), with the parameters and query the screen calls it with.
 */
export function queryKeyOf(request: FirstDataRequest): QueryKey | null {
  switch (request.id) {
    case 'siteSetting.info':
      return queryKeys.siteSetting.info;
    case 'board.menu':
      return queryKeys.boardMenu;
    case 'menu.get':
      return queryKeys.menu;
    case 'board.get':
      return queryKeys.board(request.params.boardCode);
    case 'boardItem.list':
      return queryKeys.boardItems.list(request.query);
    case 'boardItem.view':
      return queryKeys.boardItems.detail(request.params.boardCode, request.params.itemNo);
    case 'content.get':
      return queryKeys.content.view(request.params.code);
    case 'popup.active':
      return queryKeys.popups(request.query.screen);
    default:
      return null;
  }
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
  if (!Array.isArray(answers)) return;
  // Each answer is the API's envelope as it would have come: the screens' queries hold its data.
  for (const item of answers as (Partial<FirstDataItem> | null)[]) {
    let key: QueryKey | null = null;
    try {
      key = item?.request ? queryKeyOf(item.request) : null;
    } catch {
      // A request without the parameters its entry needs: the screen asks for it.
    }
    const answer = item?.answer;
    if (key && answer?.code === 'SUCCESS' && answer.data !== undefined) queryClient.setQueryData(key, answer.data);
  }
}
