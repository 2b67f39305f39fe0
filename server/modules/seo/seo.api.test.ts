import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { board, boardItem } from '../../db/schema';
import { ROLE_GUEST } from '../../seed/base';
import { buildApp } from '../../app';
import { openDatabase, poolOf } from '../../db/client';
import type pg from 'pg';
import { freePort } from '../../lib/process';
import { createTestApp, type TestApp } from '../../test/harness';
import { createBoardItem, pngBytes, storeFile } from '../../test/factories';
import { DEFAULT_IMAGE, PAGE_EXTRAS_BUDGET_MS } from './page-head';
import { firstDataUrl } from './first-data';
import { escapeMarkup } from './text';
import { toKstIso } from '../../lib/time';
import { contentPaths, fixedScreens } from '@contract';
import { contentVersion } from '../../db/schema';
import { initialContent } from '../../seed/content';

/** The fixed screens whose heads come from their content (issue 22). */
const contentScreenPaths = new Set<string>(Object.values(contentPaths));
import type { FirstDataRequest } from '@contract/first-data';

/**
 * Issue 11, "Search engines and sharing": robots.txt, sitemap.xml, the RSS feeds and the tags of
 * post and list screens show what a guest may read and nothing more. The web build is a small
 * fake index.html, as in server/web.api.test.ts.
 */
let t: TestApp;
let distDir: string;

const indexHtml = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="기본 설명" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="인체이식형 의료기기 환자등록사업" />
    <meta property="og:title" content="인체이식형 의료기기 환자등록사업" />
    <meta property="og:description" content="기본 설명" />
    <meta property="og:locale" content="ko_KR" />
    <title>인체이식형 의료기기 환자등록사업</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const HOST = 'nids.example.kr';

/** Every post the tests look for, by what it is. */
const posts = {} as Record<
  'public' | 'escaped' | 'secret' | 'deleted' | 'membersOnly' | 'reference' | 'withImage' | 'scriptTitle',
  { id: number; itemNo: number }
>;
/** A title that would end a script element if it went into the page unescaped. */
const SCRIPT_TITLE = '제목 </script><script>alert("$&")</script> <!-- 끝';
let imageId: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-seo-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 0, minutes));
  posts.public = await createBoardItem(t.db, { title: '공개 공지 제목', content: '<p>공개 공지의 본문입니다.</p>', createdAt: at(1) });
  posts.escaped = await createBoardItem(t.db, {
    title: '특수문자 <b>굵게</b> & "인용"',
    content: '<p>본문 &lt;script&gt;alert(1)&lt;/script&gt; &amp; "따옴표"</p>',
    createdAt: at(2),
  });
  posts.secret = await createBoardItem(t.db, { title: '비밀글 제목', content: '<p>비밀 본문</p>', isSecret: true, createdAt: at(3) });
  posts.deleted = await createBoardItem(t.db, { title: '삭제된 글 제목', createdAt: at(4) });
  await t.db.update(boardItem).set({ deletedAt: new Date() }).where(eq(boardItem.id, posts.deleted.id));
  posts.membersOnly = await createBoardItem(t.db, {
    boardCode: 'memberNotice', title: '회원 전용 제목', content: '<p>회원만 보는 본문</p>', createdAt: at(5),
  });
  posts.reference = await createBoardItem(t.db, { boardCode: 'public', title: '공개자료 제목', createdAt: at(6) });
  posts.withImage = await createBoardItem(t.db, {
    title: '사진 있는 공지', content: '<p>사진 설명</p>', writerId: t.users.admin, createdAt: at(7),
  });
  const image = await storeFile(t.app, t.db, {
    originalName: '사진.png', contentType: 'image/png', data: await pngBytes(), boardItemId: posts.withImage.id, thumbnail: true,
  });
  imageId = image.id;
  await t.db.update(boardItem).set({ thumbnailFileId: imageId }).where(eq(boardItem.id, posts.withImage.id));
});

afterAll(async () => {
  await t?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
}

/** The content of `<tag>` elements, in order (enough for the flat XML these routes write). */
function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
}

/**
 * The data of the API answers sent with a page (modules/seo/first-data.ts), by the URL of the call
 * each names (its entry, parameters and query; query parameters sorted); {} when none.
 */
function firstData(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) return {};
  const items = JSON.parse(m[1]!) as { request: FirstDataRequest; answer: { code: string; data: unknown } }[];
  const urlOf = (request: FirstDataRequest) => {
    const url = new URL(firstDataUrl(request), 'http://localhost');
    url.searchParams.sort();
    return url.pathname + url.search;
  };
  // Each is the API's envelope as it sends it; only successes go with a page.
  for (const { request, answer } of items) expect(answer.code, urlOf(request)).toBe('SUCCESS');
  return Object.fromEntries(items.map(({ request, answer }) => [urlOf(request), answer.data]));
}

/** What a browser sends when it opens a page (a link, the address bar), as opposed to a crawler. */
const OPENS_PAGE = { 'sec-fetch-dest': 'document' };

/** The `content` of a meta tag (by property or name), unescaped for comparison. */
function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the console, the API and account screens, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining([
      'User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /Account/',
      // robots.txt rules are case-sensitive; the inquiry form is linked as /nids/contactus/write/NEW.
      'Disallow: /*/Write/', 'Disallow: /*/write/',
      // The site search's result pages (issue 23).
      'Disallow: /search',
    ]));
    expect(lines).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
  });

  it('names the sitemap at the public address behind the proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await proxied.app.inject({
        method: 'GET', url: '/robots.txt', remoteAddress: '127.0.0.1',
        headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.nids.or.kr' },
      });
      expect(res.body).toContain('Sitemap: https://www.nids.or.kr/sitemap.xml');
    } finally {
      await proxied.close();
    }
  });
});

describe('sitemap.xml', () => {
  it('lists the fixed screens, the boards guests read and their readable posts with a KST last-modified', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = elements(res.body, 'loc');
    const origin = `http://${HOST}`;
    expect(locs).toEqual(expect.arrayContaining([
      `${origin}/`, `${origin}/nids/intro`, `${origin}/Nids/notice/List/`, `${origin}/Reference/public/List/`,
      `${origin}/Nids/notice/View/${posts.public.itemNo}`, `${origin}/Reference/public/View/${posts.reference.itemNo}`,
    ]));
    // Nothing a guest cannot read: a secret post, a deleted one, a members-only board or its posts,
    // the inquiry board, account screens.
    expect(locs).not.toContain(`${origin}/Nids/notice/View/${posts.secret.itemNo}`);
    expect(locs).not.toContain(`${origin}/Nids/notice/View/${posts.deleted.itemNo}`);
    expect(locs.filter((l) => /memberNotice|community|contactus|Account/i.test(l))).toEqual([]);
    // Nor the site search's page (issue 23): its pages are answers to queries.
    expect(locs.filter((l) => /\/search/i.test(l))).toEqual([]);
    // A fixed screen changes with the web build: its last-modified is the build's (index.html's);
    // a content page's (issue 22) is its current version's effective date (the seed's, here).
    const built = toKstIso(fs.statSync(path.join(distDir, 'index.html')).mtime);
    expect(res.body).toContain(`<url><loc>${origin}/</loc><lastmod>${built}</lastmod></url>`);
    expect(res.body).toContain(`<url><loc>${origin}/nids/intro</loc><lastmod>2026-11-01T00:00:00+09:00</lastmod></url>`);
    expect(res.body).toContain(`<url><loc>${origin}/TOS/Content/PrivacyContent</loc><lastmod>2026-11-01T00:00:00+09:00</lastmod></url>`);
    const entry = res.body.split('\n').find((l) => l.includes(`/Nids/notice/View/${posts.public.itemNo}<`))!;
    // Created 2026-11-01 00:01 UTC: 09:01 in Korea.
    expect(entry).toContain('<lastmod>2026-11-01T09:01:00+09:00</lastmod>');
    // The posts come newest first: this file's newest first among its own (the seeded FAQ
    // questions are dated by the real clock, when the template was seeded).
    const postLastmods = res.body.split('\n').filter((l) => l.includes('/View/')).map((l) => /<lastmod>([^<]+)</.exec(l)![1]!);
    expect(postLastmods).toEqual([...postLastmods].sort().reverse());
    const postLocs = locs.filter((l) => l.includes('/View/') && !l.includes('/faq/'));
    expect(postLocs[0]).toBe(`${origin}/Nids/notice/View/${posts.withImage.itemNo}`);
  });

  it('goes out compressed when the client takes gzip (megabytes of text at 50,000 URLs)', async () => {
    const plain = await get('/sitemap.xml');
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('drops a board from the sitemap when the guest role loses its right to read it', async () => {
    const [row] = await t.db.select({ permissions: board.permissions }).from(board).where(eq(board.boardCode, 'public'));
    const closed = { ...row!.permissions, read: row!.permissions.read.filter((r) => r !== ROLE_GUEST) };
    await t.db.update(board).set({ permissions: closed }).where(eq(board.boardCode, 'public'));
    try {
      const locs = elements((await get('/sitemap.xml')).body, 'loc');
      expect(locs.filter((l) => l.includes('/Reference/public/'))).toEqual([]);
      expect((await get('/rss/public.xml')).statusCode).toBe(404);
    } finally {
      await t.db.update(board).set({ permissions: row!.permissions }).where(eq(board.boardCode, 'public'));
    }
  });
});

describe('RSS feeds', () => {
  it('/rss/notice.xml is RSS 2.0 with the newest readable posts, escaped', async () => {
    const res = await get('/rss/notice.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"[^>]*>\n<channel>/);
    expect(xml.trimEnd()).toMatch(/<\/channel>\n<\/rss>$/);
    // Well-formed enough for any reader: every & starts an entity, no raw < inside text.
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
    const items = elements(xml, 'item');
    expect(items.map((i) => elements(i, 'title')[0])).toEqual([
      '사진 있는 공지',
      '특수문자 &lt;b&gt;굵게&lt;/b&gt; &amp; &quot;인용&quot;',
      '공개 공지 제목',
    ]);
    for (const item of items) {
      for (const tag of ['title', 'link', 'guid', 'pubDate', 'description']) expect(elements(item, tag)).toHaveLength(1);
      expect(elements(item, 'pubDate')[0]).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(elements(item, 'guid')[0]).toBe(elements(item, 'link')[0]);
    }
    const escaped = items[1]!;
    expect(elements(escaped, 'link')[0]).toBe(`http://${HOST}/Nids/notice/View/${posts.escaped.itemNo}`);
    expect(elements(escaped, 'pubDate')[0]).toBe('Sun, 01 Nov 2026 00:02:00 GMT');
    expect(elements(escaped, 'description')[0]).toBe('본문 &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;따옴표&quot;');
    expect(xml).not.toContain('비밀글');
    expect(xml).not.toContain('삭제된 글');
  });

  it('/rss/public.xml has the reference board\'s posts only', async () => {
    const res = await get('/rss/public.xml');
    expect(res.statusCode).toBe(200);
    expect(elements(res.body, 'item').map((i) => elements(i, 'title')[0])).toEqual(['공개자료 제목']);
  });

  it.each(['/rss/memberNotice.xml', '/rss/community.xml', '/rss/unknown.xml', '/rss/notice'])('%s is the 404 envelope', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: '존재하지 않는 게시판입니다.' });
  });
});

describe('tags in the HTML of screens', () => {
  it('a public post\'s page carries its own title, description, canonical URL and Open Graph tags', async () => {
    const res = await get(`/nids/NOTICE/View/${posts.escaped.itemNo}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const url = `http://${HOST}/Nids/notice/View/${posts.escaped.itemNo}`;
    // index.html's own title, description and Open Graph tags are replaced, not doubled.
    expect(elements(html, 'title')).toEqual(['특수문자 &lt;b&gt;굵게&lt;/b&gt; &amp; &quot;인용&quot; | 인체이식형 의료기기 환자등록사업']);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    for (const property of ['og:type', 'og:site_name', 'og:title', 'og:description', 'og:locale']) {
      expect(html.match(new RegExp(`<meta property="${property}"`, 'g')), property).toHaveLength(1);
    }
    expect(html).not.toContain('기본 설명');
    expect(metaContent(html, 'og:locale')).toBe('ko_KR');
    expect(html).not.toContain('<b>굵게');
    expect(metaContent(html, 'og:title')).toBe('특수문자 <b>굵게</b> & "인용"');
    expect(metaContent(html, 'description')).toBe('본문 <script>alert(1)</script> & "따옴표"');
    expect(metaContent(html, 'og:description')).toBe('본문 <script>alert(1)</script> & "따옴표"');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:site_name')).toBe('인체이식형 의료기기 환자등록사업');
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    // No picture of its own: the site's, at the size previews ask for.
    expect(metaContent(html, 'og:image')).toBe(`http://${HOST}${DEFAULT_IMAGE.path}`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    // The rest of index.html is intact.
    expect(html).toContain('<div id="root"></div>');
  });

  it('a post with an image names it as og:image, and a guest can fetch it', async () => {
    const html = (await get(`/Nids/notice/View/${posts.withImage.itemNo}`)).body;
    const image = metaContent(html, 'og:image');
    expect(image).toBe(`http://${HOST}/api/file/${imageId}`);
    const res = await t.app.inject({ method: 'GET', url: new URL(image!).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['members-only', () => `/Member/memberNotice/View/${posts.membersOnly.itemNo}`, ['회원 전용 제목', '회원만 보는 본문']],
    ['secret', () => `/Nids/notice/View/${posts.secret.itemNo}`, ['비밀글 제목', '비밀 본문']],
    ['deleted', () => `/Nids/notice/View/${posts.deleted.itemNo}`, ['삭제된 글 제목']],
  ])('a %s post\'s page has the site\'s tags only and reveals none of its text', async (kind, url, texts) => {
    const res = await get(url(), OPENS_PAGE);
    if (kind === 'deleted') {
      // Issue 23: a deleted post is a real 404 (not-found.api.test.ts), with the not-found page's title and no tags of its own.
      expect(res.statusCode).toBe(404);
      expect(elements(res.body, 'title')).toEqual(['페이지를 찾을 수 없습니다 | 인체이식형 의료기기 환자등록사업']);
      expect(metaContent(res.body, 'og:type')).toBeUndefined();
    } else {
      expect(res.statusCode).toBe(200);
      expect(elements(res.body, 'title')).toEqual(['인체이식형 의료기기 환자등록사업']);
      expect(metaContent(res.body, 'og:type')).toBe('website');
      expect(metaContent(res.body, 'description')).toBe('기본 설명');
    }
    for (const text of texts) expect(res.body).not.toContain(text);
    // No answer for the post went with the page either (a guest is refused it).
    expect(Object.keys(firstData(res.body)).filter((key) => key.startsWith('/api/board-item/'))).toEqual([]);
  });

  it('with the database out of reach, a post page is still the app\'s shell (the tags are a bonus)', async () => {
    const dead = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/gone`, migrate: false });
    const app = await buildApp({ db: dead.db, config: t.config, keys: t.keys });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: `/Nids/notice/View/${posts.public.itemNo}`, headers: { host: HOST } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it('with the database hung (connections accepted, never answered), a post page goes out as the shell within its budget', async () => {
    const hung = net.createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as net.AddressInfo).port;
    const stuck = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/stuck`, migrate: false });
    const app = await buildApp({ db: stuck.db, config: t.config, keys: t.keys });
    try {
      await app.ready();
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: `/Nids/notice/View/${posts.public.itemNo}`, headers: { host: HOST, ...OPENS_PAGE } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
      // Well before the pool's 5-s connection timeout.
      expect(Date.now() - started).toBeLessThan(PAGE_EXTRAS_BUDGET_MS + 1500);
    } finally {
      await app.close().catch(() => undefined);
      await stuck.close().catch(() => undefined);
      hung.close();
    }
  });

  it('with only the post\'s read hung (the board and settings answered), its page goes out as the shell within its budget', async () => {
    // The post's read waits for its turn's others and goes in one statement with them (board/view-reads.ts).
    const post = await createBoardItem(t.db, { boardCode: 'notice', title: '읽기 멈춤 시험' });
    const pool = poolOf(t.db);
    const original = pool.query;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      if (/= ANY/.test(typeof q === 'string' ? q : q.text)) return new Promise(() => {});
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: `/Nids/notice/View/${post.itemNo}`, headers: { host: HOST, ...OPENS_PAGE } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
      expect(Date.now() - started).toBeLessThan(PAGE_EXTRAS_BUDGET_MS + 1500);
    } finally {
      pool.query = original;
    }
  });

  it('a list page of a board guests read carries the board\'s name and description', async () => {
    const html = (await get('/nids/notice/list')).body;
    expect(elements(html, 'title')).toEqual(['공지사항 | 인체이식형 의료기기 환자등록사업']);
    expect(metaContent(html, 'description')).toBe('환자등록사업의 새로운 소식과 안내를 알려드립니다.');
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}/Nids/notice/List/" />`);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(html.match(/<meta property="og:title"/g)).toHaveLength(1);
    expect(metaContent(html, 'og:title')).toBe('공지사항');
  });

  it.each(Object.values(fixedScreens).filter((screen) => !contentScreenPaths.has(screen.path)))('the fixed screen $path carries its own title, description, canonical URL and the site\'s picture', async (screen) => {
    // Any spelling the router takes, with or without the trailing slash.
    const res = await get(`${screen.path.toUpperCase()}${screen.path === '/' ? '' : '/'}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(elements(html, 'title')).toEqual([`${screen.title} | 인체이식형 의료기기 환자등록사업`]);
    expect(metaContent(html, 'description')).toBe(screen.description);
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}${screen.path}" />`);
    expect(metaContent(html, 'og:url')).toBe(`http://${HOST}${screen.path}`);
    expect(metaContent(html, 'og:title')).toBe(screen.title);
    expect(metaContent(html, 'og:image')).toBe(`http://${HOST}${DEFAULT_IMAGE.path}`);
    expect(html.match(/<meta property="og:title"/g)).toHaveLength(1);
    expect(html).not.toContain('기본 설명');
  });

  it('a content page (issue 22) carries its current version\'s title and the start of its text; a newer version changes them', async () => {
    const intro = await get('/NIDS/INTRO/');
    expect(elements(intro.body, 'title')).toEqual([`${initialContent.intro.title} | 인체이식형 의료기기 환자등록사업`]);
    expect(intro.body).toContain(`<link rel="canonical" href="http://${HOST}/nids/intro" />`);
    const text = '환자등록사업 인사말의 새 본문입니다. '.repeat(12);
    await t.db.insert(contentVersion).values({
      code: 'intro', version: 1000, title: '새 인사말', body: { type: 'html', html: `<p>${text}</p>` }, bodyText: text.trim(),
      effectiveFrom: new Date(), createdAt: new Date(),
    });
    // Written past the API (which drops the cached answers itself on a save).
    await t.app.deps.boardCaching.changed(['*content']);
    const html = (await get('/nids/intro')).body;
    expect(elements(html, 'title')).toEqual(['새 인사말 | 인체이식형 의료기기 환자등록사업']);
    expect(metaContent(html, 'og:title')).toBe('새 인사말');
    const description = metaContent(html, 'description')!;
    expect(description.startsWith('환자등록사업 인사말의 새 본문입니다.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(151);
    expect(metaContent(html, 'og:description')).toBe(description);
    // Its first data is the content call's answer, as the API gives it to a guest.
    const sent = firstData(html);
    expect(Object.keys(sent)).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/content/intro']);
    expect(sent['/api/content/intro']).toMatchObject({ code: 'intro', version: 1000, title: '새 인사말' });
    // A terms document has no frame; `?version=N` opens that version.
    const terms = firstData((await get('/TOS/Content/TermsContent?version=1')).body);
    expect(Object.keys(terms)).toEqual(['/api/content/terms?version=1']);
    expect(terms['/api/content/terms?version=1']).toMatchObject({ code: 'terms', version: 1 });
  });

  it('other screens keep the precompressed index.html with its ETag; a screen in the frame gets the frame\'s answers', async () => {
    const res = await get('/Account/Signin');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml);
    expect(res.headers.etag).toBeTruthy();
    expect(metaContent(res.body, 'og:title')).toBe('인체이식형 의료기기 환자등록사업');
    expect(metaContent(res.body, 'og:description')).toBe('기본 설명');
    expect(metaContent(res.body, 'og:locale')).toBe('ko_KR');
    const intro = await get('/NIDS/about');
    expect(Object.keys(firstData(intro.body))).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/content/about']);
    // A members-only board's list is an ordinary screen too (its name is shown in the menu, nothing
    // more): the site's tags, and of the answers the board's settings but not its posts, which a
    // guest is refused.
    const members = await get('/Member/memberNotice/List/');
    expect(elements(members.body, 'title')).toEqual(['인체이식형 의료기기 환자등록사업']);
    expect(Object.keys(firstData(members.body))).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/board/memberNotice']);
    expect(members.body).not.toContain('회원 전용 제목');
  });
});

describe('API answers sent with the HTML of reader screens (first-data.ts)', () => {
  // Made here, after the sitemap and feed tests, which count the posts.
  beforeAll(async () => {
    posts.scriptTitle = await createBoardItem(t.db, {
      title: SCRIPT_TITLE, content: '<p>스크립트 제목 본문</p>', createdAt: new Date(Date.UTC(2026, 10, 1, 0, 8)),
    });
  });

  /** What the API itself answers a guest for `url`: the `data` of its envelope. */
  async function apiData(url: string): Promise<unknown> {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return (res.json() as { data: unknown }).data;
  }

  it('the home page has the frame\'s answers and both latest lists, exactly as the API gives them to a guest', async () => {
    const sent = firstData((await get('/')).body);
    expect(Object.keys(sent)).toEqual([
      '/api/site-setting/info',
      '/api/menu',
      // The home page's pop-ups: its own and every screen's (issue 22).
      '/api/popup?screen=home',
      '/api/board-item?boardCode=notice&page=1&showItemToMain=true&size=5&sort=createdDate%2CDESC',
      '/api/board-item?boardCode=public&page=1&showItemToMain=true&size=5&sort=createdDate%2CDESC',
    ]);
    for (const [url, data] of Object.entries(sent)) expect(data, url).toEqual(await apiData(url));
  });

  it('a list page has its board and first page; a later page or a search only the board', async () => {
    const first = firstData((await get('/Nids/notice/List/')).body);
    const page1 = '/api/board-item?boardCode=notice&page=1&pinNotices=true&sort=createdDate%2CDESC';
    expect(Object.keys(first)).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/board/notice', page1]);
    expect(first[page1]).toEqual(await apiData(page1));
    expect(Object.keys(firstData((await get('/Nids/notice/List/?page=2')).body))).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/board/notice']);
  });

  it('a post\'s page has the post, escaped so that no text of it can end the script element', async () => {
    const html = (await get(`/Nids/notice/View/${posts.scriptTitle.itemNo}`, OPENS_PAGE)).body;
    const sent = firstData(html);
    const post = sent[`/api/board-item/notice/${posts.scriptTitle.itemNo}`] as { title: string; content: string };
    expect(post.title).toBe(SCRIPT_TITLE);
    expect(post.content).toContain('스크립트 제목 본문');
    // Only index.html's own scripts and the one data element: the title opened none.
    expect(html.match(/<script/g)).toHaveLength((indexHtml.match(/<script/g) ?? []).length + 1);
    expect(html).not.toContain('alert("$&")</script>');
  });

  it('opening a post counts one view, as its API call would; a crawler, a link preview or a HEAD counts none and gets no post', async () => {
    const itemNo = posts.scriptTitle.itemNo;
    const views = async (userAgent: string) =>
      ((await get(`/api/board-item/notice/${itemNo}`, { 'user-agent': userAgent })).json() as { data: { viewCount: number } }).data.viewCount;
    const before = await views('reader-before');
    const page = await get(`/Nids/notice/View/${itemNo}`, { ...OPENS_PAGE, 'user-agent': 'reader' });
    expect(firstData(page.body)[`/api/board-item/notice/${itemNo}`]).toMatchObject({ viewCount: before + 1 });
    // The same visitor's own API call (a later visit the same day) counts no second view.
    expect(await views('reader')).toBe(before + 1);

    const crawler = await get(`/Nids/notice/View/${itemNo}`, { 'user-agent': 'crawler' });
    expect(Object.keys(firstData(crawler.body))).toEqual(['/api/site-setting/info', '/api/menu', '/api/popup?screen=all', '/api/board/notice']);
    expect(elements(crawler.body, 'title')).toEqual([`${escapeMarkup(SCRIPT_TITLE)} | 인체이식형 의료기기 환자등록사업`]);
    const head = await t.app.inject({ method: 'HEAD', url: `/Nids/notice/View/${itemNo}`, headers: { host: HOST, ...OPENS_PAGE, 'user-agent': 'head' } });
    expect(head.statusCode).toBe(200);
    expect(await views('reader')).toBe(before + 1);
  });

  it('a reader page is kept made (issue 24): brotli or gzip as taken (a post\'s in gzip once sent, stitched around its count), the same bytes again, a weak ETag of its text and encoding answered 304', async () => {
    // A post whose page nobody asked for yet (those above were asked for by the tests before).
    const fresh = await createBoardItem(t.db, { title: SCRIPT_TITLE, content: '<p>처음 묻는 페이지 본문</p>' });
    const url = `/Nids/notice/View/${fresh.itemNo}`;
    // Its first ask lately: made for this request alone, in gzip stitched from its pieces
    // (stitched-page.ts), under the tag the kept page has in gzip.
    const once = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br' });
    expect(once.headers['content-encoding']).toBe('gzip');
    expect(once.headers['cache-control']).toBe('no-cache');
    expect(once.headers.etag).toMatch(/^W\/"[\w-]+-gzip"$/);
    const html = zlib.gunzipSync(once.rawPayload).toString();
    expect(html).toContain(`<title>${escapeMarkup(SCRIPT_TITLE)} | `);
    // Asked again, it is kept: brotli on its first send.
    const br = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(String(once.headers.etag).replace(/-gzip"$/, '-br"'));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    // The same visitor again: the same page, now in gzip, stitched around its count from parts
    // compressed once (board/count-gzip.ts), and from then on the very bytes kept with it.
    const gzip = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // Each encoding is its own representation, with a tag of its own.
    expect(gzip.headers.etag).toBe(String(br.headers.etag).replace(/-br"$/, '-gzip"'));
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const third = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br' });
    expect(third.rawPayload.equals(gzip.rawPayload)).toBe(true);
    // A client that takes br alone: br at the kept level now that the page was asked for again.
    const brOnly = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'br' });
    expect(brOnly.headers.etag).toBe(br.headers.etag);
    expect(zlib.brotliDecompressSync(brOnly.rawPayload).toString()).toBe(html);
    expect(brOnly.rawPayload.length).toBeLessThanOrEqual(br.rawPayload.length);
    const notModified = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br', 'if-none-match': gzip.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    // The client that got the first send holds the br page: it keeps it, though others now get gzip.
    const keptBr = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br', 'if-none-match': br.headers.etag as string });
    expect(keptBr.statusCode).toBe(304);
    expect(keptBr.headers.etag).toBe(br.headers.etag);
    // The page made anew (its entry aged out or dropped): its first send is br again, and a client
    // holding the gzip page keeps that; one that takes no gzip does not get a 304 for it.
    t.app.deps.boardCaching.cache.invalidateAll();
    const keptGzip = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'gzip, br', 'if-none-match': gzip.headers.etag as string });
    expect(keptGzip.statusCode).toBe(304);
    expect(keptGzip.headers.etag).toBe(gzip.headers.etag);
    const brAlone = await get(url, { ...OPENS_PAGE, 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag as string });
    expect(brAlone.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(brAlone.rawPayload).toString()).toBe(html);
    // Another screen's page carries no count: brotli, sent before or not.
    for (let i = 0; i < 2; i++) expect((await get('/Nids/notice/List', { ...OPENS_PAGE, 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br');
  });

  it('the console and account screens get none', async () => {
    expect(firstData((await get('/admin/boards/List')).body)).toEqual({});
    expect(firstData((await get('/Account/Signin')).body)).toEqual({});
  });
});
