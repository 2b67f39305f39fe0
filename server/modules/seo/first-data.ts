import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boardAreas, boardItemListQuery, paths, siteInfo, successEnvelope, type SiteInfo } from '@contract';
import { guestCaller, type Caller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { boardMenuAnswer, guestBoard, guestList, guestView, visitorKey } from '@server/modules/board';
import { isConsolePath, listPath, viewPath } from './first-load';

/**
 * The API answers a reader screen's first render asks for, sent with its HTML (issue 11, first
 * load). Without them the browser downloads and runs the app, renders the screen's frame, and
 * only then asks the API for what the screen shows: one more round trip before the content, on a
 * phone the longest part of the wait. The server already has the answers at hand (a guest's are
 * cached, modules/board), so it puts them in the page as JSON and web/src/app/first-data.ts puts
 * them in the app's query cache before the first render.
 *
 * Only what any guest gets: each answer is the API's own answer to a guest (the envelope
 * `{ code: 'SUCCESS', data }`), and one the API would refuse (a post gone or closed to guests) is
 * left out. The app uses them only for a visitor without a session (a member's calls carry the
 * token and go to the server). Opening a post this way counts the view as the post's API call
 * does for a guest (once a visitor a day), so a member opening a post by a full page load may be
 * counted once as a guest as well.
 *
 * The URLs are the ones the screens ask for (web/src/features/.../api, web/src/lib); compared as
 * the app compares them (query parameters in any order). e2e/budget.spec.ts checks that the home
 * page, the notice list and a notice make no API call of their own on a first load, so a screen
 * that changes its calls is noticed.
 */

/** The frame's calls (web/src/app/Layout.tsx, MainNav): site settings and the board menu. */
const frameUrls = ['/api/site-setting/info', '/api/board'];

/** Fixed screens inside the frame (web/src/app/router.tsx): they get the frame's answers. */
const framedScreens = new Set(
  [paths.nidsIntro, paths.nidsAbout, paths.nidsHistory, paths.nidsOrganization, paths.registSite].map((p) => p.toLowerCase()),
);

/** As web/src/features/board/board-route.ts: the seeded boards' codes match in any case. */
function canonicalBoardCode(param: string): string {
  const lower = param.toLowerCase();
  return Object.keys(boardAreas).find((code) => code.toLowerCase() === lower) ?? param;
}

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** The home page's two lists (web/src/features/home/api/list-latest-board-items.ts). */
const latest = (boardCode: string) =>
  `/api/board-item${query({ boardCode, page: '1', size: '5', sort: 'createdDate,DESC', showItemToMain: 'true' })}`;

/** The calls of the screen at `pathname` (with `search`, the query string of its address). */
export function firstDataUrls(pathname: string, search: string): string[] {
  // page-head.ts leaves the console out before asking; this keeps the function right on its own
  // (web/src/app/first-data.test.ts checks it).
  if (isConsolePath(pathname)) return [];
  if (pathname === '/') return [...frameUrls, latest('notice'), latest('public')];
  const view = viewPath.exec(pathname);
  if (view) {
    const boardCode = encodeURIComponent(canonicalBoardCode(view[2]!));
    return [...frameUrls, `/api/board/${boardCode}`, `/api/board-item/${boardCode}/${Number(view[3])}`];
  }
  const list = listPath.exec(pathname);
  if (list) {
    const boardCode = canonicalBoardCode(list[2]!);
    // A list page's own query (page, search) is read by the screen (list-params.ts); only the
    // plain first page, the one links and search engines lead to, is sent with the HTML.
    const ownList = search ? [] : [`/api/board-item${query({ boardCode, page: '1', pinNotices: 'true', sort: 'createdDate,DESC' })}`];
    return [...frameUrls, `/api/board/${encodeURIComponent(boardCode)}`, ...ownList];
  }
  return framedScreens.has(pathname.replace(/(.)\/$/, '$1').toLowerCase()) ? frameUrls : [];
}

/** A URL as the app looks it up: its path and its query parameters in sorted order. */
export function firstDataKey(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.sort();
  return parsed.pathname + parsed.search;
}

/** `<script type="application/json">` holding JSON text: `<` escaped so no text can end the element. */
function jsonScript(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

const siteInfoEnvelope = successEnvelope(siteInfo);
const itemUrl = /^\/api\/board-item\/([^/]+)\/(\d{1,9})$/;
const boardUrl = /^\/api\/board\/([^/]+)$/;

export interface FirstData {
  /** The script element with the screen's first answers, or '' when there are none. */
  scriptFor(request: FastifyRequest): Promise<string>;
}

/**
 * The answers come from the functions the API routes call for a guest (board/guest-reads.ts, the
 * site settings), so they are the cached bodies the API itself sends, byte for byte, put in the
 * page as they are: no second request through the framework, no parsing and writing the JSON
 * again, no request the metrics or the access log would count as an API call.
 */
export function createFirstData(deps: AppDeps): FirstData {
  const { cache } = deps.boardCaching;
  /** The settings' envelope, written once per settings object (settings.info() keeps one until it changes). */
  const siteInfoBodies = new WeakMap<SiteInfo, string>();
  const siteInfoBody = (info: SiteInfo) => {
    let body = siteInfoBodies.get(info);
    if (body === undefined) {
      body = JSON.stringify(z.encode(siteInfoEnvelope, { code: 'SUCCESS', data: info }));
      siteInfoBodies.set(info, body);
    }
    return body;
  };

  /** The guest's answer to `GET url`, as the API sends it; undefined for a URL it does not know. */
  async function answerOf(url: string, caller: Caller, visitor: string): Promise<string | undefined> {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/site-setting/info') return siteInfoBody(await deps.settings.info());
    if (pathname === '/api/board') return cache.render(await boardMenuAnswer(deps)).body;
    if (pathname === '/api/board-item') {
      const query = boardItemListQuery.parse(Object.fromEntries(searchParams));
      return cache.render(await guestList(deps, caller, query)).body;
    }
    const item = itemUrl.exec(pathname);
    if (item) {
      const params = { boardCode: decodeURIComponent(item[1]!), itemNo: Number(item[2]) };
      const { entry, viewCount } = await guestView(deps, caller, params, visitor);
      return cache.render(entry, viewCount).body;
    }
    const board = boardUrl.exec(pathname);
    if (board) return cache.render(await guestBoard(deps, caller, decodeURIComponent(board[1]!))).body;
    return undefined;
  }

  return {
    async scriptFor(request) {
      const [pathname, search = ''] = request.url.split('?');
      // A post's answer counts its view, as the API call it stands for does. Only a browser opening
      // the page gets it (Sec-Fetch-Dest: document; a HEAD, a crawler or a link preview does not
      // run the app, so it must not count a view), and a browser without the header asks the API.
      const opensPage = request.method === 'GET' && request.headers['sec-fetch-dest'] === 'document';
      const urls = firstDataUrls(pathname!, search).filter((url) => opensPage || !itemUrl.test(url.split('?')[0]!));
      if (urls.length === 0) return '';
      const caller = await guestCaller(deps);
      const visitor = visitorKey(caller, request.ip, request.headers['user-agent']);
      const answers = await Promise.all(
        urls.map((url) =>
          answerOf(url, caller, visitor).catch((err: unknown) => {
            // A post that is gone or closed to guests is the screen's to explain (the API's 4xx).
            if (!(err instanceof ApiError)) request.log.warn({ err, url }, 'first data unavailable: the screen will ask for it');
            return undefined;
          }),
        ),
      );
      const entries = urls.flatMap((url, i) => (answers[i] === undefined ? [] : [`${JSON.stringify(firstDataKey(url))}:${answers[i]}`]));
      return entries.length ? jsonScript('first-data', `{${entries.join(',')}}`) : '';
    },
  };
}
