import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentPaths, fixedScreens, isKnownScreenPath, notFoundTitle, paths, screenPathKey, type ContentCode } from '@contract';
import { CONTENT_CACHE, contentCodeAt, contentHead, nextContentChange } from '@server/modules/content';
import { guestCaller } from '../../auth/caller';
import { guestListsBoard } from './guest';
import type { Head } from './head';
import { answerTag, cachedBoardRow, countGuestView, etagMatches, guestVisitorKey, guestVisitorKeyNow, nameTag, preferredEncoding, type CachedAnswer, type CountedPost, type PartStamp } from '@server/modules/board';
import { compressNow, dynamicCompression, dynamicEncoding } from '../../dynamic-compression';
import { encodingHeld, KEPT_CACHE_CONTROL, KEPT_PAGE_SEND, sendKeptBody, tagInEncoding, type GuestAnswer } from '../../guest-answers';
import { escapeMarkup, excerpt, originOf } from './text';
import { createFirstData, firstDataParts, firstDataScript, opensPage, type FirstAnswer } from './first-data';
import { createFirstLoad, isConsolePath, listPath, viewPath } from './first-load';
import { createScreenStatus, type ScreenStatus } from './not-found';
import { createPostFacts, oneLookupEach, type PostFactsOf } from './post-facts';
import { createPageStitcher, type PagePiece } from './stitched-page';

/**
 * The head of the HTML the server sends for a screen.
 *
 * Link previews (KakaoTalk, Naver) and search engines read that HTML without running scripts, so
 * post and list screens get their own title, description, canonical URL and Open Graph tags, in
 * place of index.html's site-wide ones. Posts a guest may not read get nothing of theirs.
 *
 * The screens readers land on also get preload tags for their own chunks (first-load.ts), so the
 * browser fetches them along with the app's entry, and the home page, lists and posts the API
 * answers their first render needs (first-data.ts). Screens with none of these get the
 * precompressed index.html as it is.
 */

/**
 * This server's code, as a part of a kept page's name (createPageHeads' `build`): the file this
 * module is in, which in production is the server's bundle (all its code: the fixed screens' heads,
 * the first data's script, the escaping). Run from the TypeScript sources (tsx, the tests) that
 * file is this module alone, so the moment the process started stands in for the rest: a restart
 * after any change gives the pages new tags, while the instances of one process share them.
 */
const serverCode: string | Buffer = import.meta.url.endsWith('.ts') ? `sources, started ${Date.now()}` : fs.readFileSync(fileURLToPath(import.meta.url));

/** A screen's head and what names it among the page's parts (equal ids, equal heads). */
interface KnownHead {
  head: Head | null;
  id: string;
  /** The kept answer it is (none for a fixed screen's, which only a new build changes). */
  entry?: CachedAnswer;
}

/** The fixed screens' own heads by their path as it compares (the router ignores case). */
const fixedHeads = new Map<string, Head>(
  Object.values(fixedScreens).map((screen) => [screenPathKey(screen.path), { ...screen, type: 'website' }]),
);

/** A fixed screen's head, whatever the spelling of its path and with or without a trailing slash. */
function fixedHead(url: string): Head | null {
  return fixedHeads.get(screenPathKey(url)) ?? null;
}

/**
 * What a link preview shows for a screen or post without a picture of its own (web/public,
 * made by scripts/og-image.mjs at the size previews ask for).
 */
export const DEFAULT_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: '인체이식형 의료기기 환자등록사업' } as const;

/**
 * index.html without its own title, description and Open Graph tags (the site-wide ones every
 * screen has), split where the tags of a page go: a page's tags replace them, never double them.
 */
function splitTemplate(html: string): [string, string] | null {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<meta\s+property="og:[^"]*"[^>]*>\s*/gi, '');
  const at = stripped.search(/<\/head>/i);
  return at < 0 ? null : [stripped.slice(0, at), stripped.slice(at)];
}

function headTags(head: Head, origin: string, siteName: string): string {
  const url = origin + head.path;
  const title = `${head.title} | ${siteName}`;
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeMarkup(content)}" />`;
  return [
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}" />`,
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    meta('og:type', head.type),
    meta('og:site_name', siteName),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', url),
    meta('og:locale', 'ko_KR'),
    ...(head.image
      ? [meta('og:image', origin + head.image)]
      : [
          meta('og:image', origin + DEFAULT_IMAGE.path),
          meta('og:image:width', String(DEFAULT_IMAGE.width)),
          meta('og:image:height', String(DEFAULT_IMAGE.height)),
          meta('og:image:alt', DEFAULT_IMAGE.alt),
        ]),
    '',
  ].join('\n    ');
}

/**
 * What PageHeads.answer sent: nothing (false: the reply is left alone), a screen's page, or a post's
 * page made from the post as a guest reads it (so the post is there: the visit counter's flush need
 * not look it up, server/web.ts).
 */
export type PageSent = false | 'screen' | 'post';

export interface PageHeads {
  /** Answers a screen that has tags of its own and says what it sent; else leaves the reply alone. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<PageSent>;
  /**
   * For the front door (front-door.ts): the page kept at a request's address whose shortcut is
   * current, its view counted when it is a post's (so the caller must send it), as `answer` would
   * send it; undefined when
   * `answer` must (no shortcut, a part changed, or the day's visitor salt is not in memory yet).
   */
  keptNow(request: PageRequest): KeptPageNow | undefined;
}

/** A reader page's request as its shortcut reads it (Fastify's reading of a raw request: raw-request.ts). */
export interface PageRequest {
  url: string;
  /** Whether a browser opens the page (first-data.ts opensPage): only then does it hold a post's answer and count its view. */
  opens: boolean;
  origin: string;
  ip: string;
  userAgent: string | undefined;
}

/** A kept page to send (sendKeptBody's or the front door's), with what it is. */
export interface KeptPageNow {
  answer: GuestAnswer;
  sent: 'screen' | 'post';
}

/** An HTML answer that is the same for every request of a screen, compressed once. */
interface FixedHtml {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

function fixedHtml(html: string): FixedHtml {
  return {
    html,
    etag: crypto.createHash('sha256').update(html).digest('base64url').slice(0, 16),
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
}

/**
 * Sends a screen's HTML. A fixed one goes out precompressed with an ETag per encoding (each
 * encoding is its own representation) and answers 304 to it, as @fastify/static does for
 * index.html. One built for this request (a post's or list's tags, first data) is compressed as
 * the API's answers are (dynamic-compression.ts: the not-found handler that serves the screens
 * is outside @fastify/compress's route hooks).
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, page: FixedHtml | string): Promise<void> {
  reply
    .type('text/html; charset=utf-8')
    // As index.html: a new build, or a post edited, deleted or closed to guests, must show at once.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (typeof page === 'string') {
    const encoding = dynamicEncoding(request.headers['accept-encoding']);
    if (!encoding || page.length < dynamicCompression.threshold) {
      await reply.send(page);
      return;
    }
    await reply.header('content-encoding', encoding).send(compressNow(page, encoding));
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`;
  reply.header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) {
    await reply.code(304).send();
    return;
  }
  if (encoding) reply.header('content-encoding', encoding);
  await reply.send(encoding ? page[encoding] : page.html);
}

/** The guests' answer cache's name for the reader pages kept made (nothing invalidates it by name: see keptPage). */
export const PAGES_CACHE = '*pages';

/**
 * The not-found page (issue 23): the app with a 404, so that the screen renders with the site's
 * layout while search engines drop the address. `noindex` says so to those that read a 404's page
 * all the same. Kept in no cache, shared or the browser's: the address may name a post or board
 * made tomorrow, and a page kept as a real post's could not be told from one.
 */
async function sendNotFound(request: FastifyRequest, reply: FastifyReply, page: FixedHtml): Promise<void> {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  await reply.send(encoding ? page[encoding] : page.html);
}

/**
 * The not-found page's own head: its Korean title and noindex (no description, canonical URL or
 * preview tags). `siteName` is markup: escaped from the settings, or index.html's own title.
 */
function notFoundTags(siteName: string): string {
  return [`<title>${escapeMarkup(notFoundTitle)} | ${siteName}</title>`, '<meta name="robots" content="noindex" />', ''].join('\n    ');
}

/**
 * How long a screen waits for its tags and first data. They are a bonus: with the database slow
 * or hung the page goes out without them after this (the app then asks the API itself), rather
 * than after the pool's or the statement's timeout. A healthy database answers in milliseconds;
 * 250 ms was too little on a loaded 2-core machine (the browser tests' parallel workers), where
 * pages then went out without their data now and then.
 */
export const PAGE_EXTRAS_BUDGET_MS = 1000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The page with the first data's script at the end of its body. */
function withData(html: string, data: string): string {
  // A function, not a string: `$&` and the like in a post's text must not be read as patterns.
  return data ? html.replace(/<\/body>/i, () => `  ${data}\n  </body>`) : html;
}

/** Reads index.html once; `null` without a web build. */
export function createPageHeads(app: FastifyInstance, webDistDir: string): PageHeads | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const template = splitTemplate(indexHtml);
  if (!template) return null;
  /**
   * The build's own name, a part of every kept page's (keptPage): the web build's index.html and
   * this server's code (serverCode), so a new build, or a server that makes the page another way,
   * gives its pages new tags.
   */
  const build = crypto.createHash('sha1').update(indexHtml).update(serverCode).digest('base64url');
  /** The template's end around its `</body>` (withData's place for the first data), or null without one. */
  const bodyEndAt = template[1].search(/<\/body>/i);
  const bodyEnd = bodyEndAt < 0 ? null : ([template[1].slice(0, bodyEndAt), template[1].slice(bodyEndAt + '</body>'.length)] as const);
  const { settings } = app.deps;
  const firstLoad = createFirstLoad(webDistDir);
  const firstData = createFirstData(app.deps);
  const postFacts = createPostFacts(app.deps);
  const statusOf = createScreenStatus(app.deps);
  /** index.html with a screen's preloads, by those preloads (one per kind of screen). */
  const withPreloads = new Map<string, FixedHtml>();
  const preloaded = (preloads: string) => {
    let page = withPreloads.get(preloads);
    if (!page) {
      page = fixedHtml(preloads ? indexHtml.replace(/<\/head>/i, () => `  ${preloads}\n  </head>`) : indexHtml);
      withPreloads.set(preloads, page);
    }
    return page;
  };

  const { cache } = app.deps.boardCaching;
  /**
   * A screen's head from the guests' answer cache (board/cache.ts), under the name of what it is
   * read from: a post's or list's under its board, a content page's under CONTENT_CACHE. So a
   * write drops it here and on every instance with the answers the page carries, and a request
   * reads the database only after such a change (before issue 24 every page read it).
   */
  async function keptHead(key: string, name: string, read: () => Promise<{ head: Head | null; expiresAt?: number }>): Promise<KnownHead> {
    const entry = await cache.answer(key, name, async () => {
      const { head, expiresAt } = await read();
      return { body: JSON.stringify(head), keep: true, expiresAt, value: head };
    });
    return { head: entry.value as Head | null, id: entry.hash, entry };
  }

  async function listHead(boardCode: string): Promise<Head | null> {
    const board = await cachedBoardRow(app.deps, boardCode);
    if (!board || !guestListsBoard(await guestCaller(app.deps), board)) return null;
    return {
      title: board.name,
      description: board.description || board.name,
      path: paths.boardList(board.area, board.boardCode),
      type: 'website',
    };
  }

  /**
   * A content page's (issue 22): its current version's title, and the start of its text as the
   * description (the fixed screen's words while the page has no text of its own). Kept until the
   * next scheduled version takes effect, as the page's own answer is.
   */
  async function contentPageHead(code: ContentCode, url: string): Promise<{ head: Head | null; expiresAt?: number }> {
    const [head, next] = await Promise.all([contentHead(app.deps, code), nextContentChange(app.deps)]);
    const fixed = fixedHead(url);
    const expiresAt = next?.getTime();
    if (!head) return { head: fixed, expiresAt };
    return {
      head: {
        title: head.title,
        description: excerpt(head.text) || fixed?.description || head.title,
        path: contentPaths[code],
        type: 'website',
      },
      expiresAt,
    };
  }

  /**
   * The screen's own tags: a post's, list's or content page's (none when the database cannot say:
   * the tags are a bonus), or a fixed screen's.
   */
  async function headOf(request: FastifyRequest, url: string, postFactsOf: PostFactsOf): Promise<KnownHead | null> {
    const view = viewPath.exec(url);
    const list = view ? null : listPath.exec(url);
    const contentCode = view || list ? null : contentCodeAt(screenPathKey(url), screenPathKey);
    if (!view && !list && !contentCode) {
      const head = fixedHead(url);
      return { head, id: head ? `fixed ${head.path}` : 'none' };
    }
    try {
      if (contentCode) return await keptHead(`head content ${contentCode}`, CONTENT_CACHE, () => contentPageHead(contentCode, url));
      if (view) {
        const { facts, entry } = await postFactsOf(view[2]!, Number(view[3]));
        return { head: facts.head, id: entry.hash, entry };
      }
      const boardCode = list![2]!;
      return await keptHead(`head list ${boardCode.toLowerCase()}`, boardCode, async () => ({ head: await listHead(boardCode) }));
    } catch (err) {
      request.log.warn({ err }, 'page tags unavailable: sending the screen without them');
      return null;
    }
  }

  /**
   * The not-found pages, by their preloads (none for an unknown address, a board screen's for a
   * missing board or post): the same for every request, whatever its Host, so made once each.
   */
  const notFoundPages = new Map<string, FixedHtml>();
  // A new site name makes new pages: the old ones will not be asked for again.
  settings.onChange(() => notFoundPages.clear());
  /** index.html's own title, the site's name while the settings cannot be read. */
  const builtSiteName = /<title>([\s\S]*?)<\/title>/i.exec(indexHtml)?.[1]?.trim() ?? '';
  const notFoundPage = async (preloads: string): Promise<FixedHtml> => {
    const kept = notFoundPages.get(preloads);
    if (kept) return kept;
    // An unknown address is a 404 even with the database out of reach; that page is not kept.
    const siteName = await settings.info().then((info) => escapeMarkup(info.siteName), () => null);
    const page = fixedHtml(`${template[0]}${notFoundTags(siteName ?? builtSiteName)}${preloads ? `${preloads}\n  ` : ''}${template[1]}`);
    if (siteName !== null) notFoundPages.set(preloads, page);
    return page;
  };

  /** The screen's status; as the tags, a bonus: with the database out of reach the app is sent as ever. */
  const screenStatus = (request: FastifyRequest, url: string, parts: CachedAnswer[], facts: PostFactsOf, unavailable: () => void): Promise<ScreenStatus> =>
    statusOf(url, parts, facts).catch((err: unknown) => {
      request.log.warn({ err }, 'screen status unavailable: sending the screen as found');
      unavailable();
      return 200 as const;
    });

  /**
   * Reader pages kept made (issue 24), in the guests' answer cache under PAGES_CACHE, by what they
   * are made of: the origin, the address, the head's id, the site's name and the ETag of every
   * first answer (equal tags, equal bodies). A request that finds the same parts finds the page, compressed as the
   * API's answers are, once; a write that changes a part gives it a new tag, so the next request
   * makes a new page, here and on every instance, and the old one is never asked for again (it
   * ages out). Nothing of a member is in it: heads and first answers are a guest's.
   */
  function pageName(request: FastifyRequest, preloads: string, parts: string[]): { key: string; named: string } {
    // One part a line (none holds a line break), so no two lists of parts make the same key.
    const key = `page ${originOf(request)} ${request.url}\n${parts.join('\n')}`;
    // The key and what the build puts around the parts (index.html, the screen's preloads) make the
    // page: they name it for its tag, which stays the same on every instance of the same build.
    return { key, named: `${build}\n${preloads}\n${key}` };
  }

  /**
   * The page kept under `key`, or made and kept. A post's page is kept once whatever its view count
   * (its first `"viewCount":` is the post's: no tag or string in the page can hold that
   * unescaped), which is filled in per request; as its answer (board guestPostAnswer), it is kept
   * when asked for again.
   */
  function keptPage(key: string, named: string, html: () => string, view: FirstAnswer['view'], isPost: boolean): Promise<CachedAnswer> {
    return cache.answer(key, PAGES_CACHE, async () => ({ body: html(), keep: true, keepWhenAskedAgain: isPost, item: view, named }));
  }

  /** The short names of the screens' preloads as page pieces (a few: one a kind of screen). */
  const preloadsNames = new Map<string, string>();
  const preloadsName = (preloads: string): string => {
    let name = preloadsNames.get(preloads);
    if (name === undefined) preloadsNames.set(preloads, (name = `#preloads ${preloadsNames.size}`));
    return name;
  };
  const stitcher = createPageStitcher();

  /**
   * Sends a page made for this request alone in gzip stitched from its pieces, under the tag the
   * kept page would have (its name's hash and count, in its encoding: sendKeptBody's), so a client
   * revalidates it whichever way it was sent; one holding it in br that still takes br keeps that.
   */
  async function sendStitched(request: FastifyRequest, reply: FastifyReply, hash: string, view: FirstAnswer['view'], pieces: () => PagePiece[]): Promise<void> {
    const page = answerTag(hash, view?.viewCount);
    const etag = tagInEncoding(page, encodingHeld(request.headers, page, 'gzip'));
    reply.header('cache-control', KEPT_CACHE_CONTROL).header('vary', KEPT_PAGE_SEND.vary).header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) {
      await reply.code(304).send();
      return;
    }
    await reply.type(KEPT_PAGE_SEND.type).header('content-encoding', 'gzip').send(stitcher.gzip(pieces()));
  }

  /**
   * The way to a kept page by its address alone (issue 24): finding a page by its parts asks the
   * cache for every part (status, head, each first answer), and that was most of a kept page's
   * cost. A shortcut, kept beside the page under the address (and whether the request opens the
   * page: only then does it hold a post's answer), names the page and the stamps of the parts it
   * was made of; while they are all current (cache.ts partsCurrent: no write to their boards, no
   * settings change, none aged out or expired) those parts are the page's, and the page is sent
   * without asking for them. A change to any part makes the next request take the long way, which
   * finds or makes the page by its parts as before and leaves a new shortcut. The site settings'
   * answer has no stamp of its own: a settings change drops every kept answer, shortcuts included.
   */
  interface Shortcut {
    pageKey: string;
    parts: PartStamp[];
    /** The post whose answer the page holds: its view is counted and its count filled in per request. */
    post?: CountedPost;
    /** What the page is (PageSent): a post's, made from the post, or another screen's. */
    sent: 'screen' | 'post';
  }
  const shortcutKey = (opens: boolean, origin: string, url: string) => `shortcut ${opens ? 'open' : 'read'} ${origin} ${url}`;

  /** The kept page the address's shortcut names, when its parts are all current; else undefined. */
  function byShortcut(opens: boolean, origin: string, url: string): { page: CachedAnswer; shortcut: Shortcut } | undefined {
    const shortcut = cache.get(shortcutKey(opens, origin, url))?.value as Shortcut | undefined;
    if (!shortcut || !cache.partsCurrent(shortcut.parts)) return undefined;
    const page = cache.get(shortcut.pageKey);
    return page && { page, shortcut };
  }

  /** A post's page with its view counted for `visitor` and the count filled in. */
  const counted = (page: CachedAnswer, post: CountedPost, visitor: string): GuestAnswer => ({ entry: page, viewCount: countGuestView(app.deps, post, visitor) });

  /** Sends the kept page the address's shortcut names, when its parts are all current; else false. */
  async function sendByShortcut(request: FastifyRequest, reply: FastifyReply): Promise<PageSent> {
    const found = byShortcut(opensPage(request), originOf(request), request.url);
    if (!found) return false;
    const { page, shortcut } = found;
    const { post } = shortcut;
    if (!post) {
      await sendKeptBody(request, reply, page, KEPT_PAGE_SEND);
      return shortcut.sent;
    }
    const key = guestVisitorKey(app.deps.visitorKeys, request.ip, request.headers['user-agent'], app.deps.clock.now());
    // A string nearly always (the day's salt in memory): no await for it.
    const visitor = typeof key === 'string' ? key : await key;
    await sendKeptBody(request, reply, counted(page, post, visitor), KEPT_PAGE_SEND);
    return shortcut.sent;
  }

  return {
    keptNow(request) {
      if (!cache.enabled) return undefined;
      const found = byShortcut(request.opens, request.origin, request.url);
      if (!found) return undefined;
      const { page, shortcut } = found;
      const { post, sent } = shortcut;
      if (!post) return { answer: page, sent };
      // The day's salt not in memory yet (a new day's first view): `answer` asks for it and waits.
      const visitor = guestVisitorKeyNow(app.deps.visitorKeys, request.ip, request.userAgent, app.deps.clock.now());
      return visitor === undefined ? undefined : { answer: counted(page, post, visitor), sent };
    },
    async answer(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const shortcutSent = cache.enabled ? await sendByShortcut(request, reply) : false;
      if (shortcutSent) return shortcutSent;
      // Taken before the parts are read: a settings change meanwhile keeps no shortcut.
      const pagesStamp = cache.stamp(PAGES_CACHE);
      const url = request.url.split('?')[0]!;
      // An address no route matches (the console's included): the router's not-found screen.
      if (!isKnownScreenPath(url)) {
        await sendNotFound(request, reply, await notFoundPage(''));
        return 'screen';
      }
      if (isConsolePath(url)) return false;
      const preloads = firstLoad.tagsFor(url);
      const statusParts: CachedAnswer[] = [];
      // The head and the status of a post's page read the post once between them.
      const facts = oneLookupEach(postFacts);
      // A page made while a part could not be read (the database slow or out of reach) gets no
      // shortcut: the next request reads its parts again, as it did before shortcuts.
      let whole = true;
      const unavailable = () => {
        whole = false;
      };
      const [known, answers, status] = await within(
        Promise.all([headOf(request, url, facts), firstData.answersFor(request, unavailable), screenStatus(request, url, statusParts, facts, unavailable)]),
        PAGE_EXTRAS_BUDGET_MS,
        [null, null, 200] as [KnownHead | null, FirstAnswer[] | null, ScreenStatus],
      );
      if (status === 404) {
        // No first data: the screen asks the API itself, so nothing the guest caches still hold of
        // a post deleted a moment ago on another instance can go out with its not-found page.
        await sendNotFound(request, reply, await notFoundPage(preloads));
        return 'screen';
      }
      // Made only when a page is: the script of a kept page is in the page already.
      const data = () => firstDataScript(answers ?? []);
      if (!known?.head) {
        const script = data();
        // Account screens and the like keep index.html's site-wide tags.
        if (!preloads && !script) return false;
        await sendHtml(request, reply, script ? withData(preloaded(preloads).html, script) : preloaded(preloads));
        return 'screen';
      }
      const { head } = known;
      // A post's head is a guest's reading of the post (post-facts.ts): the post is there.
      const sent = viewPath.test(url) ? 'post' : 'screen';
      const info = await settings.info();
      // The page's pieces, the script before the body's end (as withData puts it); all but the
      // head's tags and a post's answer are the same on every page of the screen (stitched-page.ts).
      const pagePieces = (): PagePiece[] => {
        const pieces: PagePiece[] = [
          { text: template[0], fixed: '#template' },
          { text: headTags(head, originOf(request), info.siteName) },
          { text: preloads ? `${preloads}\n  ` : '', fixed: preloadsName(preloads) },
        ];
        const script = firstDataParts(answers ?? []);
        if (script.length > 0 && bodyEnd) pieces.push({ text: `${bodyEnd[0]}  `, fixed: '#body' }, ...script, { text: `\n  </body>${bodyEnd[1]}`, fixed: '#body end' });
        else pieces.push({ text: template[1], fixed: '#template end' });
        return pieces;
      };
      // In one join: a page of a post nobody opened lately is made for one request, and each copy
      // of it is 10-20 KB. Joined, the page is one flat string at once; a concatenation was
      // flattened later, a copy more.
      const pageHtml = () =>
        pagePieces()
          .map((piece) => piece.text)
          .join('');
      // A page built without all its parts (the database slow) is sent, not kept.
      if (!answers || !cache.enabled) {
        await sendHtml(request, reply, pageHtml());
        return sent;
      }
      // The site's name is what the page takes of the settings besides their answer (the title);
      // as JSON, so that it is one line like every other part.
      const parts = [known.id, JSON.stringify(info.siteName), ...answers.map((answer) => answer.etag)];
      const viewAnswer = answers.find((answer) => answer.view);
      const view = viewAnswer?.view;
      const { key, named } = pageName(request, preloads, parts);
      // A post's page nobody asked for lately is made for this request alone (a post's page is kept
      // when asked for again): sent in gzip stitched from its pieces, no string made of it.
      if (sent === 'post' && preferredEncoding(request.headers['accept-encoding'], 'gzip') === 'gzip' && cache.firstAsk(key)) {
        await sendStitched(request, reply, nameTag(named), view, pagePieces);
        return sent;
      }
      const page = await keptPage(key, named, pageHtml, view, sent === 'post');
      const shortcut: Shortcut = {
        pageKey: key,
        parts: [known.entry, ...statusParts, ...answers.map((answer) => answer.entry)].flatMap((entry) => (entry ? [cache.partStamp(entry)] : [])),
        post: viewAnswer?.entry?.item ?? undefined,
        sent,
      };
      // Its page key is the page entry's own string; each part stamp is a small object.
      const shortcutBytes = 64 * (shortcut.parts.length + 2);
      if (page.kept && whole) cache.create(shortcutKey(opensPage(request), originOf(request), request.url), pagesStamp, '', { keep: true, value: shortcut, valueBytes: shortcutBytes });
      await sendKeptBody(request, reply, view ? { entry: page, viewCount: view.viewCount } : page, KEPT_PAGE_SEND);
      return sent;
    },
  };
}
