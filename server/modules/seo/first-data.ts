import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boardAreas, paths } from '../../../contract';
import { listPath, viewPath } from './first-load';

/**
 * The API answers a reader screen's first render asks for, sent with its HTML (issue 11, first
 * load). Without them the browser downloads and runs the app, renders the screen's frame, and
 * only then asks the API for what the screen shows: one more round trip before the content, on a
 * phone the longest part of the wait. The server already has the answers at hand (a guest's are
 * cached, modules/board), so it puts them in the page as JSON and web/src/lib/first-data.ts hands
 * them to the app's first calls.
 *
 * Only what any guest gets: each answer comes from the API itself (`inject`, as the visitor: same
 * address and user agent), asked without credentials, and only a 200 SUCCESS goes in. The app
 * uses them only for a visitor without a session (a member's calls carry the token and go to the
 * server), once each, in the first seconds after the page loaded. Opening a post this way counts
 * the view as the post's API call does for a guest (once a visitor a day).
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
  // The console's paths are its own screens whatever they look like (the router's `admin/*`).
  if (/^\/admin(\/|$)/i.test(pathname)) return [];
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

/** `<script type="application/json">` holding JSON: `<` escaped so no text can end the element. */
function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

export interface FirstData {
  /** The script element with the screen's first answers, or '' when there are none. */
  scriptFor(request: FastifyRequest): Promise<string>;
}

export function createFirstData(app: FastifyInstance): FirstData {
  /** The API's answer to `url` for a guest like the visitor, or undefined unless it is a success. */
  async function guestAnswer(request: FastifyRequest, url: string): Promise<unknown> {
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        host: request.headers.host ?? 'localhost',
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    if (res.statusCode !== 200) return undefined;
    const body = res.json<{ code?: string; data?: unknown }>();
    return body.code === 'SUCCESS' ? body.data : undefined;
  }

  return {
    async scriptFor(request) {
      const [pathname, search = ''] = request.url.split('?');
      const urls = firstDataUrls(pathname!, search);
      if (urls.length === 0) return '';
      const answers = await Promise.all(
        urls.map((url) =>
          guestAnswer(request, url).catch((err: unknown) => {
            request.log.warn({ err, url }, 'first data unavailable: the screen will ask for it');
            return undefined;
          }),
        ),
      );
      const found = Object.fromEntries(
        urls.flatMap((url, i) => (answers[i] === undefined ? [] : [[firstDataKey(url), answers[i]]])),
      );
      return Object.keys(found).length ? jsonScript('first-data', found) : '';
    },
  };
}
