import type { RequestSpec } from 'autocannon';
import type { BenchPath } from './load';
import { seededRandom } from './corpus';

/**
 * This run's mark in every user agent it sends. A visitor is its address and user agent
 * (board/service.ts visitorKey), the load comes from one address, and every run asks for the same
 * posts in the same order (seededRandom): without the mark, a later run of the same day found its
 * views stored already and its new visitors known (nothing to write), where the day's first run
 * wrote them all (session 33).
 */
export const RUN_MARK = Date.now().toString(36);

/** What a browser sends with every API call; compression is negotiated as a browser would. */
const browserHeaders = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'ko-KR,ko;q=0.9',
  'user-agent': `Mozilla/5.0 (nids-bench ${RUN_MARK})`,
};

/** The keywords searched: a common 2-syllable word (half the titles) and a 1-syllable one. */
export const SEARCH_TWO = '환자';
export const SEARCH_ONE = '심';

/** Query strings in the order the web app builds them (web/src/lib/api.ts keeps key order). */
function get(path: string, query: Record<string, string | number | boolean>): RequestSpec {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return { method: 'GET', path: `${path}?${qs}`, headers: browserHeaders };
}

/** web/src/features/home: page 1, size 5, newest first, posts chosen for the home page. */
export const homeList = (boardCode: string) =>
  get('/api/board-item', { boardCode, page: 1, size: 5, sort: 'createdDate,DESC', showItemToMain: true });

/** web/src/features/board/routes/BoardListPage: the board's page size, notices pinned unless searching. */
export const boardList = (boardCode: string, page: number, search?: { searchType: string; keyword: string }) =>
  get('/api/board-item', { boardCode, page, pinNotices: !search, sort: 'createdDate,DESC', ...search });

/** The members the sign-in path signs in as, in turn (made by seed.ts). */
export const BENCH_MEMBER_COUNT = 32;
export const BENCH_MEMBER_PASSWORD = 'bench!member1';
export const benchMemberId = (i: number) => `benchmember${String(i + 1).padStart(2, '0')}`;

export interface PathContext {
  boardCode: string;
  /** The page the deep-page path asks for: 5,000, or the last page of a smaller board. */
  deepPage: number;
  firstItemNo: number;
  lastItemNo: number;
}

export const CEILING_PATH: BenchPath = {
  key: 'ceiling',
  label: 'ceiling (minimal Fastify route)',
  description: 'GET /ceiling on scripts/bench-ceiling.mjs: a Fastify route that answers a constant small JSON object, in its own process',
  requests: [{ method: 'GET', path: '/ceiling', headers: browserHeaders }],
};

function viewOf(c: PathContext, itemNo: () => number): RequestSpec {
  return {
    method: 'GET',
    headers: browserHeaders,
    setupRequest: (request) => ({ ...request, path: `/api/board-item/${c.boardCode}/${itemNo()}` }),
  };
}

/**
 * What a browser sends when it opens a page (a link, a search result, a shared address, typing
 * it): `Sec-Fetch-Dest: document` is what makes the server put the post's answer in the page and
 * count its view (server/modules/seo/first-data.ts), as for a reader.
 */
const documentHeaders = {
  ...browserHeaders,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
};

const page = (path: string): RequestSpec => ({ method: 'GET', path, headers: documentHeaders });

/**
 * `spec` as sent by a new visitor each time: a visitor is its address and user agent
 * (board/service.ts visitorKey), and the load comes from one address.
 */
function newVisitorEach(spec: RequestSpec): RequestSpec {
  let visitor = 0;
  return {
    ...spec,
    setupRequest: (request, context) => {
      const sent = spec.setupRequest ? spec.setupRequest(request, context) : request;
      return { ...sent, headers: { ...sent.headers, 'user-agent': `Mozilla/5.0 (nids-bench ${RUN_MARK} visitor ${++visitor})` } };
    },
  };
}

/** A post's screen as a browser opens it. */
function pageOf(c: PathContext, itemNo: () => number): RequestSpec {
  return {
    method: 'GET',
    headers: documentHeaders,
    setupRequest: (request) => ({ ...request, path: `/nids/${c.boardCode}/View/${itemNo()}` }),
  };
}

export function serverPaths(c: PathContext): BenchPath[] {
  const random = seededRandom(42);
  let nextMember = 0;
  const span = c.lastItemNo - c.firstItemNo + 1;
  return [
    {
      key: 'home',
      label: 'home lists (notice + public)',
      description: 'the two calls the home page makes, in turn: notice and public, page 1, size 5, createdDate,DESC, showItemToMain=true',
      requests: [homeList('notice'), homeList('public')],
    },
    {
      key: 'list1',
      label: 'list page 1',
      description: `GET /api/board-item on ${c.boardCode}, page 1, pinNotices=true, as the list screen asks for it (board page size)`,
      requests: [boardList(c.boardCode, 1)],
    },
    {
      key: 'listDeep',
      label: `list page ${c.deepPage.toLocaleString('en')}`,
      description: `the same list at page ${c.deepPage} (5,000, or the last page of a smaller board)`,
      requests: [boardList(c.boardCode, c.deepPage)],
    },
    {
      key: 'view',
      label: 'post view (newest 100)',
      description:
        'GET /api/board-item/{board}/{itemNo} for a random one of the newest 100 posts each time (what list pages 1-10 link to, ' +
        'where readers go), counting a view as a browser does',
      requests: [viewOf(c, () => c.lastItemNo - Math.floor(random() * Math.min(100, span)))],
    },
    {
      key: 'viewAny',
      label: 'post view (any post)',
      description:
        'the same for a random post of the whole board each time: nearly every request misses the guest cache and its view ' +
        'is a new row update at the next flush',
      requests: [viewOf(c, () => c.firstItemNo + Math.floor(random() * span))],
    },
    {
      key: 'homePage',
      label: 'home page HTML',
      description:
        'GET / as a browser opens it (Sec-Fetch-Dest: document): the app\'s HTML with the home screen\'s preloads and the guest ' +
        'API answers its first render needs (settings, menu, pop-ups, the two lists; issue 11)',
      requests: [page('/')],
    },
    {
      key: 'listPage',
      label: 'list page 1 HTML',
      description: `GET /nids/${c.boardCode}/List as a browser opens it: the board's tags, preloads and first data (frame, board, page 1)`,
      requests: [page(`/nids/${c.boardCode}/List`)],
    },
    {
      key: 'postPage',
      label: 'post page HTML (newest 100)',
      description:
        'GET /nids/{board}/View/{itemNo} as a browser opens it for a random one of the newest 100 posts: the post\'s own title and ' +
        "Open Graph tags, the screen's preloads and the guest API answers its first render needs, the view counted (issue 11)",
      requests: [pageOf(c, () => c.lastItemNo - Math.floor(random() * Math.min(100, span)))],
    },
    {
      key: 'postPageVisitors',
      label: 'post page HTML (newest 100, a new visitor each)',
      description:
        'the newest-100 page path with another user agent on each request: each is a new visitor, whose view raises the count ' +
        'the page carries, as on the real site (the path above comes from one visitor, counted once a post)',
      requests: [newVisitorEach(pageOf(c, () => c.lastItemNo - Math.floor(random() * Math.min(100, span))))],
    },
    {
      key: 'postPageAny',
      label: 'post page HTML (any post)',
      description:
        'the same for a random post of the whole board each time (search engines, shared links): nearly every request misses ' +
        'every cache, and its view is new',
      requests: [pageOf(c, () => c.firstItemNo + Math.floor(random() * span))],
    },
    {
      key: 'content',
      label: 'privacy policy (content)',
      description:
        'GET /api/content/privacy as the privacy screen asks for it: the current version of the longest content page, a guest answer ' +
        'kept until the next effective date (issue 22)',
      requests: [{ method: 'GET', path: '/api/content/privacy', headers: browserHeaders }],
    },
    {
      key: 'contentPage',
      label: 'privacy policy page HTML',
      description:
        'GET /TOS/Content/PrivacyContent as a browser opens it (Accept text/html): the head from the content, its first data (the ' +
        'content alone), kept made and compressed until a new version (issue 22)',
      requests: [{ method: 'GET', path: '/TOS/Content/PrivacyContent', headers: { ...browserHeaders, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } }],
    },
    {
      key: 'menu',
      label: 'header menu',
      description: 'GET /api/menu: the header menu every open page asks for again every 10 s with its ETag (here without, a whole answer each time)',
      requests: [{ method: 'GET', path: '/api/menu', headers: browserHeaders }],
    },
    {
      key: 'search2',
      label: `title search ${SEARCH_TWO} (2 syllables)`,
      description: `the list screen searching titles for "${SEARCH_TWO}": page 1, searchType=title`,
      requests: [boardList(c.boardCode, 1, { searchType: 'title', keyword: SEARCH_TWO })],
    },
    {
      key: 'search1',
      label: `title search ${SEARCH_ONE} (1 syllable)`,
      description: `the list screen searching titles for "${SEARCH_ONE}": page 1, searchType=title`,
      requests: [boardList(c.boardCode, 1, { searchType: 'title', keyword: SEARCH_ONE })],
    },
    {
      key: 'siteSearch',
      label: `site search ${SEARCH_TWO} (2 syllables)`,
      description:
        `GET /api/search?keyword=${SEARCH_TWO} as the header's search field opens it (issue 23): every group's capped count and ` +
        'first results over every board a guest reads, the content pages and the FAQ; nothing cached',
      requests: [{ method: 'GET', path: `/api/search?keyword=${encodeURIComponent(SEARCH_TWO)}`, headers: browserHeaders }],
    },
    {
      key: 'signin',
      label: 'sign-in',
      description:
        `POST /api/user/signin as one of ${BENCH_MEMBER_COUNT} members in turn (argon2id verification, the attempt counted ` +
        "and cleared, a token pair issued); one account's checks run one at a time, so a single account would measure that queue",
      requests: [
        {
          method: 'POST',
          path: '/api/user/signin',
          headers: { ...browserHeaders, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ userKeyType: 'ID', userKeyCode: benchMemberId(nextMember++ % BENCH_MEMBER_COUNT), password: BENCH_MEMBER_PASSWORD }),
          }),
        },
      ],
    },
  ];
}
