import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boardAreas, boardItemListQuery, endpointList, endpointUrl, paths, screenPathKey, siteInfo, successEnvelope, type SiteInfo } from '@contract';
import type { FirstDataRequest } from '@contract/first-data';
import { guestCaller, type Caller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { answerTag, boardMenuAnswer, guestBoard, guestList, guestView, scriptSafeJson, textTag, visitorKey, type CachedAnswer, type CountedPost, type Rendered } from '@server/modules/board';
import { activePopupsAnswer } from '@server/modules/popup';
import { contentCodeAt, guestContent } from '@server/modules/content';
import { menuAnswer } from '@server/modules/menu';
import { isConsolePath, listPath, viewPath } from './first-load';
import type { PagePiece } from './stitched-page';

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
 * Each answer names the call it stands for by its entry in the endpoint table, with the parameters
 * and query the screen calls it with (web/src/features/.../api, web/src/lib; contract/first-data.ts):
 * the app maps the entry to the screen's query key, and no URL is built or parsed on either side.
 * The page holds `[{ "request": { "id", "params"?, "query"? }, "answer": <envelope> }, ...]`.
 * e2e/budget.spec.ts checks that the home page, the notice list and a notice make no API call of
 * their own on a first load, so a screen that changes its calls is noticed.
 */

/**
 * The frame's calls (web/src/app/Layout.tsx, MainNav): site settings, the header menu (issue 22: data) and the
 * pop-ups of every screen (issue 22; the home page asks for its own, home.ts below).
 */
const frame: FirstDataRequest[] = [{ id: 'siteSetting.info' }, { id: 'menu.get' }, { id: 'popup.active', query: { screen: 'all' } }];
/** The home page's frame: its pop-ups are the home-only ones and the every-screen ones. */
const homeFrame: FirstDataRequest[] = [{ id: 'siteSetting.info' }, { id: 'menu.get' }, { id: 'popup.active', query: { screen: 'home' } }];

/** Fixed screens inside the frame (web/src/app/router.tsx): they get the frame's answers. */
const framedScreens = new Set(
  [paths.nidsIntro, paths.nidsAbout, paths.nidsHistory, paths.nidsOrganization, paths.registSite].map(screenPathKey),
);

/** As web/src/features/board/board-route.ts: the seeded boards' codes match in any case. */
function canonicalBoardCode(param: string): string {
  const lower = param.toLowerCase();
  return Object.keys(boardAreas).find((code) => code.toLowerCase() === lower) ?? param;
}

/** The home page's two lists (web/src/features/home/api/list-latest-board-items.ts). */
const latest = (boardCode: string): FirstDataRequest => ({
  id: 'boardItem.list',
  query: { boardCode, page: 1, size: 5, sort: 'createdDate,DESC', showItemToMain: true },
});

/** The calls of the screen at `pathname` (with `search`, the query string of its address). */
export function firstDataRequests(pathname: string, search: string): FirstDataRequest[] {
  // page-head.ts leaves the console out before asking; this keeps the function right on its own
  // (web/src/app/first-data.test.ts checks it).
  if (isConsolePath(pathname)) return [];
  if (pathname === '/') return [...homeFrame, latest('notice'), latest('public')];
  const view = viewPath.exec(pathname);
  if (view) {
    const boardCode = canonicalBoardCode(view[2]!);
    return [...frame, { id: 'board.get', params: { boardCode } }, { id: 'boardItem.view', params: { boardCode, itemNo: Number(view[3]) } }];
  }
  const list = listPath.exec(pathname);
  if (list) {
    const boardCode = canonicalBoardCode(list[2]!);
    // A list page's own query (page, search) is read by the screen (list-params.ts); only the
    // plain first page, the one links and search engines lead to, is sent with the HTML.
    const ownList: FirstDataRequest[] = search ? [] : [{ id: 'boardItem.list', query: { boardCode, page: 1, pinNotices: true, sort: 'createdDate,DESC' } }];
    return [...frame, { id: 'board.get', params: { boardCode } }, ...ownList];
  }
  const contentCode = contentCodeAt(screenPathKey(pathname), screenPathKey);
  // A content page's screen (issue 22): its current version, or the `?version=N` it opens.
  if (contentCode) {
    const page: FirstDataRequest = { id: 'content.get', params: { code: contentCode }, ...contentVersionQuery(search) };
    // The terms documents have no frame (web/src/app/router.tsx BareLayout).
    return framedScreens.has(screenPathKey(pathname)) ? [...frame, page] : [page];
  }
  return framedScreens.has(screenPathKey(pathname)) ? frame : [];
}

/** `?version=N` of a content screen's address (an earlier version of a terms document), if any. */
function contentVersionQuery(search: string): { query?: { version: number } } {
  const version = new URLSearchParams(search).get('version');
  return version && /^[1-9]\d{0,8}$/.test(version) ? { query: { version: Number(version) } } : {};
}

/** The URL of the API call a first answer stands for (the log, and the tests that compare with the API). */
export function firstDataUrl(request: FirstDataRequest): string {
  const entry = endpointList.find((candidate) => candidate.id === request.id)!;
  return endpointUrl<string>(entry, 'params' in request ? request.params : {}, 'query' in request ? { ...request.query } : undefined);
}

const siteInfoEnvelope = successEnvelope(siteInfo);

/** A call of a page's first data, with its list query parsed once. */
interface Planned {
  call: FirstDataRequest;
  listQuery: z.output<typeof boardItemListQuery> | undefined;
}

/** Addresses whose calls are remembered (readers' addresses repeat; made-up ones only refill it). */
const PLANS_KEPT = 1000;

/**
 * One answer of a screen's first data: the API's body as it sends it, and a tag that names it
 * (equal tags, equal bodies). A post view's tag leaves out its view count, which changes with
 * every new visitor: `view` says which post and which count the body holds, so a page kept with it
 * is kept once and its count filled in per request, as the view's own answer is (board/cache.ts).
 */
export interface FirstAnswer {
  call: FirstDataRequest;
  body: string;
  /** The body as it goes in the page's script (scriptSafeJson), kept with its answer. */
  scriptBody: string;
  etag: string;
  view?: CountedPost;
  /** The kept answer it came from (none for the site settings, kept by the settings themselves). */
  entry?: CachedAnswer;
}

export interface FirstData {
  /**
   * The screen's first answers a guest gets (none refused), in the order of its calls. They are
   * the parts of the page (page-head.ts): their tags name the page it is kept as.
   */
  answersFor(request: FastifyRequest, unavailable?: () => void): Promise<FirstAnswer[]>;
}

/**
 * Whether the request opens the page in a browser, and so gets a post's answer and counts its view,
 * as the API call it stands for does. Only a browser opening the page does (Sec-Fetch-Dest:
 * document; a HEAD, a crawler or a link preview does not run the app, so it must not count a
 * view), and a browser without the header asks the API.
 */
export function opensPage(request: { method?: string; headers: IncomingHttpHeaders }): boolean {
  return request.method === 'GET' && request.headers['sec-fetch-dest'] === 'document';
}

/** The script element with the screen's first answers, or '' when there are none. */
export function firstDataScript(answers: readonly FirstAnswer[]): string {
  return firstDataParts(answers)
    .map((piece) => piece.text)
    .join('');
}

/**
 * The script's pieces, for a page to join with its own in one copy (joined apart first, the script,
 * most of a post's page, was copied once into its own string and again into the page's: issue 24),
 * or to stitch from (stitched-page.ts). The cached bodies go in as they are, `<` escaped (each
 * answer's once, kept with it), so that no text can end the element: `{"request":…,"answer":<the
 * API's body>}` each. Each answer that is the same on other pages (all but a post's, which carries
 * its view count) is named by its tag and its call, so the frame's and the board's are compressed
 * once for every post of the board.
 */
export function firstDataParts(answers: readonly FirstAnswer[]): PagePiece[] {
  if (answers.length === 0) return [];
  const pieces: PagePiece[] = [{ text: '<script type="application/json" id="first-data">[', fixed: '#script' }];
  answers.forEach((a, i) => {
    const call = scriptSafeJson(JSON.stringify(a.call));
    const own = a.view !== undefined;
    pieces.push(
      { text: i === 0 ? '{"request":' : ',{"request":', fixed: i === 0 ? '#first' : '#next' },
      { text: call, fixed: own ? undefined : call },
      { text: ',"answer":', fixed: own ? undefined : '#answer' },
      { text: a.scriptBody, fixed: own ? undefined : a.etag },
      { text: '}', fixed: '#end' },
    );
  });
  pieces.push({ text: ']</script>', fixed: '#script end' });
  return pieces;
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
  const siteInfoBodies = new WeakMap<SiteInfo, Rendered>();
  const siteInfoBody = (info: SiteInfo): Rendered => {
    let rendered = siteInfoBodies.get(info);
    if (rendered === undefined) {
      const body = JSON.stringify(z.encode(siteInfoEnvelope, { code: 'SUCCESS', data: info }));
      rendered = { body, etag: answerTag(textTag(body)), scriptSafe: scriptSafeJson(body) };
      siteInfoBodies.set(info, rendered);
    }
    return rendered;
  };

  /**
   * The calls of a page by its address and whether it opens the post, with each list query parsed:
   * worked out once per address (readers ask for the same few), in a memo cleared when full.
   */
  const plans = new Map<string, Planned[]>();
  const planOf = (url: string, opensPage: boolean): Planned[] => {
    const key = `${opensPage ? 'open' : 'read'} ${url}`;
    let plan = plans.get(key);
    if (!plan) {
      const [pathname, search = ''] = url.split('?');
      plan = firstDataRequests(pathname!, search)
        .filter((call) => opensPage || call.id !== 'boardItem.view')
        .map((call) => ({ call, listQuery: call.id === 'boardItem.list' ? boardItemListQuery.parse(call.query) : undefined }));
      if (plans.size >= PLANS_KEPT) plans.clear();
      plans.set(key, plan);
    }
    return plan;
  };

  /** A kept answer as a part of the page: its body, its tag and the entry itself. */
  const kept = (entry: CachedAnswer): Omit<FirstAnswer, 'call'> => {
    const rendered = cache.render(entry);
    return { body: rendered.body, scriptBody: cache.scriptSafe(entry, rendered), etag: rendered.etag, entry };
  };

  /** The guest's answer to the call, as the API sends it. */
  async function answerOf({ call: request, listQuery }: Planned, caller: Caller, visitor: () => string | Promise<string>): Promise<Omit<FirstAnswer, 'call'>> {
    switch (request.id) {
      case 'siteSetting.info': {
        const { body, etag, scriptSafe } = siteInfoBody(await deps.settings.info());
        return { body, etag, scriptBody: scriptSafe! };
      }
      case 'board.menu':
        return kept(await boardMenuAnswer(deps));
      case 'menu.get':
        return kept(await menuAnswer(deps));
      case 'board.get':
        return kept(await guestBoard(deps, caller, request.params.boardCode));
      case 'boardItem.list':
        return kept(await guestList(deps, caller, listQuery!));
      case 'boardItem.view': {
        const { entry, viewCount } = await guestView(deps, caller, request.params, visitor);
        const rendered = cache.render(entry, viewCount);
        return { body: rendered.body, scriptBody: cache.scriptSafe(entry, rendered), etag: answerTag(entry.hash), view: { ...entry.item!, viewCount }, entry };
      }
      case 'popup.active':
        return kept(await activePopupsAnswer(deps, request.query.screen));
      case 'content.get':
        return kept(await guestContent(deps, request.params.code, request.query?.version));
    }
  }

  return {
    async answersFor(request, unavailable) {
      const plan = planOf(request.url, opensPage(request));
      if (plan.length === 0) return [];
      const caller = await guestCaller(deps);
      const visitor = () => visitorKey(deps.visitorKeys, caller, request.ip, request.headers['user-agent'], deps.clock.now());
      const answers = await Promise.all(
        plan.map((planned) =>
          answerOf(planned, caller, visitor).catch((err: unknown) => {
            // A post that is gone or closed to guests is the screen's to explain (the API's 4xx).
            if (!(err instanceof ApiError)) {
              request.log.warn({ err, url: firstDataUrl(planned.call) }, 'first data unavailable: the screen will ask for it');
              unavailable?.();
            }
            return undefined;
          }),
        ),
      );
      return plan.flatMap(({ call }, i) => {
        const rendered = answers[i];
        return rendered === undefined ? [] : [{ call, ...rendered }];
      });
    },
  };
}
