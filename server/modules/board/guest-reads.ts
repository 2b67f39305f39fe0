import { z } from 'zod';
import { boardItemListQuery, endpointSchemas } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { kstDate } from '../../lib/time';
import type { CachedAnswer, FreshAnswer } from './cache';
import type { CountedPost } from './view-counter';
import { BOARD_MENU_CACHE } from './caching';
import { canOnBoard, isPrivateItem } from './policy';
import { findBoard, listBoardsForMenu, type BoardItemRow, type BoardRow } from './repo';
import * as service from './service';

/**
 * The board read paths as a guest reads them, from the cache when it holds a current answer
 * (cache.ts). Only answers that are the same for every guest and hold nothing private are kept:
 * never an inquiry board, never a secret post, never a board whose managers include the guest
 * role (its lists would show secret titles). Signed-in callers never come here (but for the menu,
 * the same for everyone): the routes declare these reads with route()'s `guestCache` option, and
 * server/guest-answers.ts decides who gets them. The first-load data (modules/seo/first-data.ts)
 * puts the same answers in the page.
 */

type Deps = Pick<AppDeps, 'db' | 'boardCaching' | 'clock'>;
type ListQuery = z.output<typeof boardItemListQuery>;

// The answers' schemas are the entries' own (contract/endpoint-schemas.ts), encoded as the route
// serialiser encodes them (fastify-type-provider-zod), once per answer instead of once per request.
// The POST search answers the list's answer, under the same schema.
const boardEnvelope = endpointSchemas['board.get'].response[200];
const pageEnvelope = endpointSchemas['boardItem.list'].response[200];
const itemEnvelope = endpointSchemas['boardItem.view'].response[200];
const menuEnvelope = endpointSchemas['board.menu'].response[200];

const guestMayKeep = (caller: Caller, row: BoardRow) => row.listStyle !== 'inquiry' && !canOnBoard(caller, row, 'manage');

function cachedOr(deps: Deps, key: string, boardCode: string, read: () => Promise<FreshAnswer>): Promise<CachedAnswer> {
  return deps.boardCaching.cache.answer(key, boardCode, read);
}

/**
 * A board's row as the guest paths read it (a post's view, a screen's status): from the answer
 * cache under the board's own name, so a console change drops it here and on every instance, and
 * a page nobody opened since reads one post, not the board again. Undefined when there is no such
 * board (kept as well: an unknown board asked again costs nothing).
 */
export async function cachedBoardRow(deps: Pick<AppDeps, 'db' | 'boardCaching'>, boardCode: string): Promise<BoardRow | undefined> {
  const entry = await deps.boardCaching.cache.answer(`board-row ${boardCode.toLowerCase()}`, boardCode, async () => {
    const row = await findBoard(deps.db, boardCode);
    return { body: JSON.stringify(row ?? null), keep: true, value: row };
  });
  return entry.value as BoardRow | undefined;
}

/** `GET /api/board/{boardCode}`: the board's settings and the guest role's rights on it. */
export function guestBoard(deps: Deps, caller: Caller, boardCode: string): Promise<CachedAnswer> {
  return cachedOr(deps, `board ${boardCode.toLowerCase()}`, boardCode, async () => {
    const data = await service.getBoard(deps.db, caller, boardCode);
    return { body: JSON.stringify(z.encode(boardEnvelope, { code: 'SUCCESS', data })), keep: true };
  });
}

/**
 * `GET /api/board`: every board's code, area and name. The same for every caller (the menu shows
 * members' boards to guests too; their lists ask guests to sign in), so everyone reads this one
 * answer; the console invalidates it with every board it creates or edits.
 */
export function boardMenuAnswer(deps: Deps): Promise<CachedAnswer> {
  return cachedOr(deps, 'menu', BOARD_MENU_CACHE, async () => {
    const content = await listBoardsForMenu(deps.db);
    return { body: JSON.stringify(z.encode(menuEnvelope, { code: 'SUCCESS', data: { content } })), keep: true };
  });
}

/** `GET /api/board-item` and `POST /api/board-item/search` (one answer for both). */
export function guestList(deps: Deps, caller: Caller, query: ListQuery): Promise<CachedAnswer> {
  const key = `list ${JSON.stringify([
    query.boardCode.toLowerCase(), query.page, query.size ?? null, query.sort, query.showItemToMain ?? null,
    query.pinNotices ?? null, query.searchType ?? null, query.keyword ?? null, query.category ?? null,
  ])}`;
  return cachedOr(deps, key, query.boardCode, async () => {
    const row = await service.requireBoard(deps.db, query.boardCode);
    const data = await service.listItemsOfBoard(deps.db, caller, row, query);
    return { body: JSON.stringify(z.encode(pageEnvelope, { code: 'SUCCESS', data })), keep: guestMayKeep(caller, row) };
  });
}

/**
 * What a guest's answer of a post was made from, kept with it (CachedAnswer.value): the board's row
 * and what a page of the post shows in its head (seo/post-facts.ts reads it from here, so a page
 * nobody opened lately reads the post once, with its view).
 */
export interface GuestPost {
  board: BoardRow;
  post: Pick<BoardItemRow, 'itemNo' | 'title' | 'isSecret' | 'thumbnailFileId'> & { excerpt: string };
}

/**
 * The guest's answer of a post, without counting a view: from the cache, or read once for every
 * request that asks at the same time (a page's head and its first data). An ApiError when the
 * guest may not read it or it is not there, as the API answers the guest.
 */
export function guestPostAnswer(deps: Deps, caller: Caller, params: { boardCode: string; itemNo: number }): Promise<CachedAnswer> {
  const key = `item ${params.boardCode.toLowerCase()} ${params.itemNo}`;
  return cachedOr(deps, key, params.boardCode, async () => {
    const { board: row, item, detail, excerpt } = await service.readPost(deps.db, caller, params, await cachedBoardRow(deps, params.boardCode));
    const { itemNo, title, isSecret, thumbnailFileId } = item;
    return {
      body: JSON.stringify(z.encode(itemEnvelope, { code: 'SUCCESS', data: detail })),
      keep: guestMayKeep(caller, row) && !isPrivateItem(row, item),
      // Any post of a big board is mostly read once (a search engine, a shared link): kept when read again.
      keepWhenAskedAgain: true,
      item: { id: item.id, boardCode: row.boardCode, viewCount: item.viewCount },
      value: { board: row, post: { itemNo, title, isSecret, thumbnailFileId, excerpt } } satisfies GuestPost,
      // The title and excerpt are strings of their own; the board's row is the board cache's.
      valueBytes: 2 * (title.length + excerpt.length) + 128,
    };
  });
}

/**
 * `GET /api/board-item/{boardCode}/{itemNo}`: the post, counting this view (view-counter.ts) on
 * the Korean calendar day of the app's clock (deps.clock, which tests replace). The answer shows
 * the stored count plus the views not yet written. The visitor is keyed only once the post was
 * read: a refused or missing post asks for nothing, not even the day's salt (service.ts visitorKey).
 */
export async function guestView(
  deps: Deps,
  caller: Caller,
  params: { boardCode: string; itemNo: number },
  visitor: () => string | Promise<string>,
): Promise<{ entry: CachedAnswer; viewCount: number }> {
  const entry = await guestPostAnswer(deps, caller, params);
  const key = visitor();
  return { entry, viewCount: countGuestView(deps, entry.item!, typeof key === 'string' ? key : await key) };
}

/**
 * Counts a guest's view of a post (once a visitor a day, view-counter.ts) and answers the count to
 * show: `post.viewCount`, the stored count its answer was read with, plus the views not yet
 * written. A kept reader page that holds the post's answer counts through here too (seo/page-head.ts).
 */
export function countGuestView(deps: Pick<AppDeps, 'boardCaching' | 'clock'>, post: CountedPost, visitor: string): number {
  const { views } = deps.boardCaching;
  views.record({ itemId: post.id, boardCode: post.boardCode, visitor, day: kstDate(deps.clock.now()) });
  return post.viewCount + views.unflushed(post.id);
}
