import type { EndpointId } from './endpoint-routes';

/**
 * The API answers the server sends with a reader screen's HTML (server/modules/seo/first-data.ts,
 * issue 11) name the call each stands for by its entry in the endpoint table, with the parameters
 * and query it was made with, instead of by URL: the web app (web/src/app/first-data.ts) maps the
 * entry's id to the query key the screen reads, and neither side builds or parses a URL.
 *
 * Only types: the page's JSON is the server's own, and the web app reads it without a schema.
 */

/** A board list's query as the screens send it (numbers and flags typed, not strings). */
export interface FirstDataListQuery {
  boardCode: string;
  page: number;
  size?: number;
  sort: string;
  pinNotices?: boolean;
  showItemToMain?: boolean;
}

/** The calls a first answer may stand for, by entry id: what each needs besides its id. */
type FirstDataCalls = OfEntries<{
  'siteSetting.info': object;
  'board.menu': object;
  'menu.get': object;
  'board.get': { params: { boardCode: string } };
  'boardItem.list': { query: FirstDataListQuery };
  'boardItem.view': { params: { boardCode: string; itemNo: number } };
  'popup.active': { query: { screen: 'home' | 'all' } };
  // A content page's screen (issue 22): its current version, or `?version=N` of a terms document.
  'content.get': { params: { code: string }; query?: { version: number } };
}>;

/** Its keys must be ids of the table: a renamed entry is a type error here. */
type OfEntries<Calls extends { [Id in keyof Calls]: Id extends EndpointId ? object : never }> = Calls;

/** One call a first answer stands for: `{ id: 'board.get', params: { boardCode: 'notice' } }`. */
export type FirstDataRequest = { [Id in keyof FirstDataCalls]: { id: Id } & FirstDataCalls[Id] }[keyof FirstDataCalls];

/** What the page holds: `[{ request, answer }, ...]`, each answer the API's envelope as a guest gets it. */
export interface FirstDataItem {
  request: FirstDataRequest;
  answer: { code?: unknown; data?: unknown } | null;
}
